/**
 * The forms' own checks before a request: lengths as the server counts them, in characters (code
 * points, as JSON Schema's `maxLength` and DRF do), and their messages in the UI's language. An HTML
 * `maxlength` counts UTF-16 units instead (an emoji is two), so the admin's inputs carry none and check here.
 */
import { t } from "./i18n/t.js";

export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** A text over its limit, in DRF's words where the UI speaks English (the UI checks it before the server would). */
export function tooLongMessage(max: number): string {
  return t("field.tooLong", { max });
}

/** A required field left empty, in DRF's and Django's words where the UI speaks English. */
export function requiredMessage(): string {
  return t("field.required");
}
