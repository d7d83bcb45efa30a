/** Form bodies typed by the model's fields, as a JSON body would have them. */
import { ValidationError } from "../http/errors.js";
import type { Fields } from "../models/fields.js";
import { parseInt64 } from "../query/coerce.js";

const TRUE_VALUES = new Set(["true", "on", "1", "yes", "y"]);
const FALSE_VALUES = new Set(["false", "off", "0", "no", "n"]);

function typedValue(type: string, text: string): unknown {
  switch (type) {
    case "bool": {
      const lower = text.toLowerCase();
      return TRUE_VALUES.has(lower) ? true : FALSE_VALUES.has(lower) ? false : text;
    }
    case "int":
    case "foreignKey": {
      const value = parseInt64(text.trim());
      return typeof value === "number" ? value : text;
    }
    default:
      return text;
  }
}

/**
 * A form body's text values as the JSON values validation expects, by each field's type, as DRF's
 * fields read HTML input: `true`/`on`/`1` is a boolean, digits an integer, an empty value of a
 * nullable non-text field null, a json field's text parsed. A value that does not convert stays
 * text, so validation names the field. Keys that name no field pass through untouched.
 */
export function formValues(form: Record<string, unknown>, fields: Fields): Record<string, unknown> {
  // Null-prototype: a "__proto__" key is an own key here too, as in a parsed JSON body.
  const values = Object.create(null) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const [key, raw] of Object.entries(form)) {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field === undefined || typeof raw !== "string") {
      values[key] = raw;
    } else if (raw === "" && field.nullable === true && field.type !== "string" && field.type !== "text") {
      values[key] = null;
    } else if (field.type === "json") {
      try {
        values[key] = JSON.parse(raw) as unknown;
      } catch {
        errors[key] = ["Value must be valid JSON."];
      }
    } else {
      values[key] = typedValue(field.type, raw);
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return values;
}
