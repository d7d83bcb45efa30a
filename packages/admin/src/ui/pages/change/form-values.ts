/** A record's values as form text and back: what the change form shows and what it sends. */
import { t } from "../../i18n/t.js";
import { inputDecimal, wireDecimal } from "../../format.js";
import { codePointLength, requiredMessage, tooLongMessage } from "../../text.js";
import type { FieldMeta, Row } from "../../../shared/wire.js";

/** What a control holds: text, or a checkbox's state. */
export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a `datetime-local` value in the browser's time zone. */
function localDateTime(value: unknown): string {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A field's value as its control holds it. */
export function toForm(field: FieldMeta, value: unknown): FormValue {
  if (field.type === "bool")
    return field.nullable ? (value === null || value === undefined ? "" : String(value)) : value === true;
  if (value === null || value === undefined) return "";
  if (field.type === "time") return localDateTime(value);
  if (field.type === "json") return JSON.stringify(value, null, 2);
  if (field.type === "decimal" && !field.choices) return inputDecimal(value);
  return String(value);
}

/** The form of a record, or of a new one: each field's default (what saving it unchanged stores), else blank. */
export function formOf(fields: readonly FieldMeta[], row: Row | null): FormValues {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      toForm(field, row ? row[field.name] : field.editable ? field.default : undefined),
    ]),
  );
}

type Parsed = { readonly value: unknown } | { readonly omit: true } | { readonly error: string };

/**
 * An empty control: an empty text where the field takes one, null where it is nullable, left out
 * on create where the database fills it in; otherwise "This field is required." (Django's words,
 * rather than the "may not be null" a null would get from the API).
 */
function blankOf(field: FieldMeta, text: string, creating: boolean): Parsed {
  if (field.allowBlank && !field.nullable) return { value: text };
  if (creating && !field.required) return { omit: true };
  if (field.nullable) return { value: null };
  return { error: requiredMessage() };
}

/**
 * A control's value as the API takes it. The server validates everything; the checks here are
 * JSON syntax, which cannot be sent otherwise, and a text's length in characters (the inputs
 * carry no `maxlength`, which would count an emoji twice), and an empty required field.
 */
export function fromForm(field: FieldMeta, raw: FormValue, creating: boolean): Parsed {
  if (typeof raw === "boolean") return { value: raw };
  if (field.type === "bool") return { value: raw === "" ? null : raw === "true" };
  const text = raw;
  if (text.trim() === "") return blankOf(field, text, creating);
  switch (field.type) {
    case "int":
    case "foreignKey":
      return { value: /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text };
    case "time": {
      const date = new Date(text);
      return { value: Number.isNaN(date.getTime()) ? text : date.toISOString() };
    }
    case "decimal":
      return { value: field.choices ? text : wireDecimal(text.trim()) };
    case "json":
      try {
        return { value: JSON.parse(text) };
      } catch {
        return { error: t("change.invalidJson") };
      }
    default:
      if (field.maxLength !== undefined && codePointLength(text) > field.maxLength) {
        return { error: tooLongMessage(field.maxLength) };
      }
      return { value: text };
  }
}

/** The body to send: every editable field on create, the changed ones on edit; or the fields that cannot be sent. */
export function bodyOf(
  fields: readonly FieldMeta[],
  values: FormValues,
  initial: FormValues,
  creating: boolean,
): { body: Record<string, unknown>; errors: Record<string, string[]> } {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    if (!field.editable) continue;
    const raw = values[field.name] ?? "";
    if (!creating && raw === initial[field.name]) continue;
    const parsed = fromForm(field, raw, creating);
    if ("error" in parsed) errors[field.name] = [parsed.error];
    else if ("value" in parsed) body[field.name] = parsed.value;
  }
  return { body, errors };
}
