/** Valibot's issues turned into DRF's field errors, in the app's messages. */
import type * as v from "valibot";
import type { FieldErrors } from "../http/errors.js";
import type { FieldDef } from "../models/fields.js";
import { describeInput, formatMessage, jsonTypeName, type ValidationMessages } from "./messages.js";

type Issue = v.BaseIssue<unknown> & { readonly requirement?: unknown };

/**
 * Whether valibot wrote the message itself (`Invalid type: Expected string but received 5`):
 * those are replaced by the framework's words, while a message a schema author gave is kept.
 */
function isValibotDefault(issue: Issue): boolean {
  return issue.message.startsWith("Invalid ") && issue.message.endsWith(`eceived ${issue.received}`);
}

/** The message of a failure that depends only on the kind of check that failed. */
function byIssueType(issue: Issue, messages: ValidationMessages): string | undefined {
  switch (issue.type) {
    case "max_length":
    case "max_code_points":
      return formatMessage(messages.maxLength, { max_length: issue.requirement });
    case "min_length":
    case "min_code_points":
    case "non_empty":
      return formatMessage(messages.minLength, { min_length: issue.requirement ?? 1 });
    case "max_value":
    case "lt_value":
      return formatMessage(messages.maxValue, { limit_value: issue.requirement });
    case "min_value":
    case "gt_value":
      return formatMessage(messages.minValue, { limit_value: issue.requirement });
    case "picklist":
    case "enum":
    case "literal":
      return formatMessage(messages.invalidChoice, { input: describeInput(issue.input) });
    case "email":
    case "rfc_email":
      return messages.invalidEmail;
    case "url":
      return messages.invalidUrl;
    case "uuid":
      return messages.invalidUuid;
    default:
      return undefined;
  }
}

/** The message for a field of a known type: whichever of its checks failed, one sentence. */
function byFieldType(field: FieldDef, messages: ValidationMessages): string | undefined {
  switch (field.type) {
    case "bool":
      return messages.invalidBoolean;
    case "int":
    case "foreignKey":
      return messages.invalidInteger;
    case "decimal":
      return messages.invalidNumber;
    case "string":
    case "text":
      return messages.invalidString;
    case "time":
      return messages.invalidDateTime;
    case "date":
      return messages.invalidDate;
    case "json":
      return undefined;
  }
}

/** The message of a failure of a value's own type, where the field does not say more. */
function byValueType(issue: Issue, messages: ValidationMessages): string {
  switch (issue.type) {
    case "string":
      return messages.invalidString;
    case "number":
    case "finite":
      return messages.invalidNumber;
    case "integer":
    case "safe_integer":
    case "bigint":
      return messages.invalidInteger;
    case "boolean":
      return messages.invalidBoolean;
    case "iso_timestamp":
    case "iso_date_time":
    case "date":
      return messages.invalidDateTime;
    case "iso_date":
      return messages.invalidDate;
    default:
      return messages.invalid;
  }
}

/**
 * The message of one failed check of `field` (undefined for a key that is not a model field):
 * required and null first, then a schema author's own message, then the framework's words by
 * the kind of check, the field's choices, the field's type and the value's type.
 */
export function issueMessage(issue: Issue, field: FieldDef | undefined, messages: ValidationMessages): string {
  // A schema (not a check) that met nothing, or null, at its place: the value is missing or null.
  if (issue.kind === "schema" && issue.input === undefined) return messages.required;
  if (issue.kind === "schema" && issue.input === null) return messages.null;
  const depth = issue.path?.length ?? 0;
  if (!isValibotDefault(issue)) return issue.message;
  if (depth === 0 && issue.type === "object") {
    return formatMessage(messages.notAnObject, { datatype: jsonTypeName(issue.input) });
  }
  // A value inside a JSON field: its own schema's kind of failure is all there is to say.
  if (depth > 1) return byIssueType(issue, messages) ?? byValueType(issue, messages);
  if (field?.choices) return formatMessage(messages.invalidChoice, { input: describeInput(issue.input) });
  return byIssueType(issue, messages) ?? (field && byFieldType(field, messages)) ?? byValueType(issue, messages);
}

/**
 * `price`, or the path inside a JSON field's value (`attributes.size`, `tags.0`); a foreign key set
 * through a related field is reported under that field's key (`requestKeys`: source → key).
 */
function errorKey(issue: v.BaseIssue<unknown>, requestKeys: ReadonlyMap<string, string>): string {
  const path = issue.path;
  if (!path || typeof path[0]?.key !== "string") return "non_field_errors";
  const [first, ...rest] = path.map((item) => String(item.key));
  return [requestKeys.get(first!) ?? first, ...rest].join(".");
}

const NO_KEYS: ReadonlyMap<string, string> = new Map();

/**
 * Valibot's issues as `errors` per field, or per path inside a JSON field's value
 * (`non_field_errors` for the whole object), each key
 * written after `prefix` (`"1."` for the second item of a bulk create).
 */
export function issuesToErrors(
  issues: readonly v.BaseIssue<unknown>[],
  fields: Readonly<Record<string, FieldDef>>,
  messages: ValidationMessages,
  prefix = "",
  requestKeys: ReadonlyMap<string, string> = NO_KEYS,
): FieldErrors {
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    const def = typeof key === "string" && Object.hasOwn(fields, key) ? fields[key] : undefined;
    const list = (errors[prefix + errorKey(issue, requestKeys)] ??= []);
    const message = issueMessage(issue as Issue, def, messages);
    // One sentence per field and message: a union's failed options would otherwise repeat it.
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}
