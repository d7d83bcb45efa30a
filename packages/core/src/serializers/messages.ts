/**
 * The words of validation errors, in one DRF-like English voice. Each is a template: `{name}`
 * is replaced by a value of the failure (DRF's own placeholder names, so its translations fit).
 * Change any of them with the router's `messages` option.
 */
export interface ValidationMessages {
  /** A required field is missing. */
  readonly required: string;
  /** `null` for a field that is not nullable. */
  readonly null: string;
  readonly invalidString: string;
  readonly invalidNumber: string;
  readonly invalidInteger: string;
  readonly invalidBoolean: string;
  /** `{input}`: the value sent. */
  readonly invalidChoice: string;
  readonly invalidDateTime: string;
  readonly invalidDate: string;
  readonly invalidEmail: string;
  readonly invalidUrl: string;
  readonly invalidUuid: string;
  /** `{max_length}` */
  readonly maxLength: string;
  /** `{min_length}` */
  readonly minLength: string;
  /** `{limit_value}` */
  readonly maxValue: string;
  /** `{limit_value}` */
  readonly minValue: string;
  /** Any other failure of a schema that gave no message of its own. */
  readonly invalid: string;
  /** A key the viewset does not know, with `rejectUnknownRequestFields`. */
  readonly unknownField: string;
  /** `{datatype}`: the body is not a JSON object (or, for bulk create, not a list). */
  readonly notAnObject: string;
  readonly notAList: string;
  /** `{max_length}`: a bulk create above its maximum. */
  readonly maxItems: string;
}

export const DEFAULT_MESSAGES: ValidationMessages = {
  required: "This field is required.",
  null: "This field may not be null.",
  invalidString: "Not a valid string.",
  invalidNumber: "A valid number is required.",
  invalidInteger: "A valid integer is required.",
  invalidBoolean: "Must be a valid boolean.",
  invalidChoice: '"{input}" is not a valid choice.',
  invalidDateTime: "Enter a valid date/time.",
  invalidDate: "Enter a valid date.",
  invalidEmail: "Enter a valid email address.",
  invalidUrl: "Enter a valid URL.",
  invalidUuid: "Must be a valid UUID.",
  maxLength: "Ensure this value has at most {max_length} characters.",
  minLength: "Ensure this value has at least {min_length} characters.",
  maxValue: "Ensure this value is less than or equal to {limit_value}.",
  minValue: "Ensure this value is greater than or equal to {limit_value}.",
  invalid: "Invalid value.",
  unknownField: "Unknown field.",
  notAnObject: "Invalid data. Expected a dictionary, but got {datatype}.",
  notAList: "Expected a list of items but got type {datatype}.",
  maxItems: "Ensure this list has at most {max_length} items.",
};

/** The messages a router uses: the defaults with the ones it was given. */
export function resolveMessages(overrides: Partial<ValidationMessages> = {}): ValidationMessages {
  return { ...DEFAULT_MESSAGES, ...overrides };
}

/** A template with its `{name}` placeholders filled; unknown names are left as written. */
export function formatMessage(template: string, values: Readonly<Record<string, unknown>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** How a value sent by a client is named inside a message: short, never a whole document. */
export function describeInput(value: unknown): string {
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "bigint") text = value.toString();
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > 50 ? `${text.slice(0, 47)}...` : text;
}

/** DRF's name for a JSON type, in "expected a dictionary, but got ..." messages. */
export function jsonTypeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "list";
  if (typeof value === "object") return "dict";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "string") return "str";
  return typeof value;
}
