/**
 * Lengths as the server counts them: characters (code points), as JSON Schema's `maxLength` and
 * DRF do. An HTML `maxlength` counts UTF-16 units instead (an emoji is two), so the admin's inputs
 * carry none and check here.
 */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** DRF's words for a text over its limit. */
export function tooLongMessage(max: number): string {
  return `Ensure this field has no more than ${max} characters.`;
}

/** DRF's and Django's words for a required field left empty. */
export const REQUIRED_MESSAGE = "This field is required.";
