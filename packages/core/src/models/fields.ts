/** A model's field definitions and the valibot schema of each field type. */
import * as v from "valibot";
import { hasValidDay, isStorableTime, isValidDate } from "./dates.js";
import { DECIMAL_PATTERN, type DecimalLimits, decimalLimitProblem } from "./decimal.js";

export type FieldType = "bool" | "int" | "decimal" | "string" | "text" | "time" | "date" | "json" | "foreignKey";

export interface FieldDef {
  readonly type: FieldType;
  /** The primary key: never editable. */
  readonly primaryKey?: boolean;
  /** False for fields a request may never set (timestamps, computed columns). Default true. */
  readonly editable?: boolean;
  /** False for fields that never leave the server (a password hash). Default true. */
  readonly serializable?: boolean;
  readonly nullable?: boolean;
  /** False when the database supplies a value, so create may leave it out. Default: !nullable. */
  readonly required?: boolean;
  /**
   * The value a create stores when its body leaves the field out (a column's literal default,
   * Django's `default`): a value of the field's type, as JSON carries it. Forms start from it, so
   * that a new record's form shows what saving it unchanged would store.
   */
  readonly default?: unknown;
  readonly choices?: readonly (string | number)[];
  /**
   * No two records hold the same value (a unique constraint of the database): the OpenAPI
   * document says so, and a write that would repeat one is a 400 on the field.
   */
  readonly unique?: boolean;
  /**
   * What each choice is shown as, by value (DRF's `(value, display_name)` choices, Django's
   * `get_FOO_display`): `{ on_loan: "On loan" }`. OPTIONS gives `{ value, display_name }`, the
   * OpenAPI document `x-enumNames`, the admin shows them in filters, cells and selects. A choice
   * without a label is shown as its value.
   */
  readonly choiceLabels?: Readonly<Record<string, string>>;
  readonly maxLength?: number;
  /**
   * Text fields: false refuses an empty value ("This field may not be blank.", DRF's
   * `allow_blank=False`; only white space is empty once trimmed), and the OpenAPI document says so
   * (`minLength: 1` and a pattern). Default: false on a required text field, true on one that is
   * nullable or that the database fills in (`required: false`), as Django's `blank` maps to DRF's.
   */
  readonly allowBlank?: boolean;
  /**
   * Text fields: false keeps the white space around a value a request sends; by default it is
   * trimmed before validation, as DRF's CharField `trim_whitespace=True`.
   */
  readonly trimWhitespace?: boolean;
  /** Decimal fields: most digits in total (DRF's `max_digits`); more is a 400, never a rounded value. */
  readonly maxDigits?: number;
  /**
   * Decimal fields: most digits after the point (DRF's `decimal_places`); more is a 400. A response
   * shows exactly this many, as DRF quantizes ("5" as "5.00", rounding half to even).
   */
  readonly decimalPlaces?: number;
  /**
   * What the field holds and the rules it keeps beyond its type (DRF's `help_text`): the OpenAPI
   * document's description of it, where a client reads why a valid-looking value may be a 400.
   */
  readonly description?: string;
  /** The model a foreign key points at. */
  readonly references?: string;
  /**
   * A foreign key: what deleting the row it points at does to this one, as the database's
   * constraint says (Django's `on_delete`): `"cascade"` deletes it too, `"setNull"` and
   * `"setDefault"` clear it. Absent (RESTRICT, NO ACTION): the delete is refused while this row
   * points there. The admin lists both kinds before a delete is confirmed.
   */
  readonly onDelete?: "cascade" | "setNull" | "setDefault";
  /**
   * A `json` field's value schema (valibot): request bodies are validated with it (a 400 names
   * the path inside the value, `attributes.size`), the OpenAPI document describes the field with
   * it, and the row type holds its output type.
   */
  readonly schema?: v.GenericSchema;
}

export type Fields = Readonly<Record<string, FieldDef>>;

/** The TypeScript value of one field type: what a row holds. */
export interface FieldValueTypes {
  bool: boolean;
  int: number;
  /** Decimals travel as strings, so no digit is lost (as DRF's COERCE_DECIMAL_TO_STRING). */
  decimal: string;
  string: string;
  text: string;
  time: Date;
  /** `YYYY-MM-DD`. */
  date: string;
  json: unknown;
  foreignKey: number;
}

type TypeValue<F extends FieldDef> = F extends {
  readonly type: "json";
  readonly schema: infer S extends v.GenericSchema;
}
  ? v.InferOutput<S>
  : FieldValueTypes[F["type"]];
type ChoiceValue<F extends FieldDef> = F["choices"] extends readonly (infer C)[] ? C : TypeValue<F>;
/** The value a row holds for one field declaration. */
export type NullableValue<F extends FieldDef> = F["nullable"] extends true ? ChoiceValue<F> | null : ChoiceValue<F>;

/** The row type of a model declared with `defineModel`. */
export type RowOf<F extends Fields> = { -readonly [K in keyof F]: NullableValue<F[K]> };

/** A choice as people read it: its label (`choiceLabels`), else the value itself, as DRF's `display_name`. */
export function choiceLabel(field: FieldDef, value: string | number): string {
  const label = field.choiceLabels?.[String(value)];
  return label ?? String(value);
}

/** Whether a field holds text (`string` or `text`): the fields blanks and trimming apply to. */
export function isTextField(field: FieldDef): boolean {
  return field.type === "string" || field.type === "text";
}

/** Whether an empty text is taken: `allowBlank`, by default only on a field that is nullable or may be left out. */
export function allowsBlank(field: FieldDef): boolean {
  return field.allowBlank ?? (field.nullable === true || field.required === false);
}

/** Whether the white space around a text a request sends is trimmed (`trimWhitespace`, default true). */
export function trimsWhitespace(field: FieldDef): boolean {
  return isTextField(field) && field.trimWhitespace !== false;
}

export function isEditable(field: FieldDef): boolean {
  return field.primaryKey !== true && field.editable !== false;
}

export function isSerializable(field: FieldDef): boolean {
  return field.serializable !== false;
}

export const TIME_RANGE_MESSAGE = "Enter a date in the years 1 to 9999.";

/**
 * Decimal text (a JSON number is taken as its shortest text) within the field's `maxDigits` and
 * `decimalPlaces`: the one decimal rule of bodies, shared by drizzle models.
 */
export function decimalTextSchema(limits: DecimalLimits): v.GenericSchema<unknown, string> {
  return v.pipe(
    v.union([v.pipe(v.number(), v.finite(), v.transform(String)), v.string()]),
    v.regex(DECIMAL_PATTERN),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || !DECIMAL_PATTERN.test(dataset.value)) return;
      const problem = decimalLimitProblem(dataset.value, limits);
      if (problem) addIssue({ message: problem });
    }),
  );
}

/**
 * The valibot schema of one field's request value, derived from its type. Its checks carry no
 * messages of their own (but the range and digit limits): a viewset words each failure by the
 * field's type (`messages.ts`).
 */
export function fieldSchema(field: FieldDef): v.GenericSchema<unknown, unknown> {
  let schema: v.GenericSchema<unknown, unknown>;
  switch (field.type) {
    case "bool":
      schema = v.boolean();
      break;
    case "int":
    case "foreignKey":
      schema = v.pipe(v.number(), v.integer(), v.safeInteger());
      break;
    case "decimal":
      schema = decimalTextSchema(field);
      break;
    case "string":
    case "text":
      // Characters (code points), as JSON Schema's maxLength and DRF count them, not UTF-16 units.
      schema = field.maxLength !== undefined ? v.pipe(v.string(), v.maxCodePoints(field.maxLength)) : v.string();
      break;
    case "time":
      schema = v.pipe(
        v.union([v.pipe(v.string(), v.isoTimestamp()), v.pipe(v.string(), v.isoDateTime())]),
        // A real calendar day: `new Date` would read 2024-02-30 as 1 March.
        v.check(hasValidDay),
        v.transform((s) => new Date(s)),
        v.check(isStorableTime, TIME_RANGE_MESSAGE),
      );
      break;
    case "date":
      schema = v.pipe(
        v.string(),
        // A real calendar day: valibot's isoDate alone would take 2024-02-31.
        v.check(isValidDate),
        // Year 0 is a valid ISO date, but PostgreSQL refuses it.
        v.check((text) => !text.startsWith("0000-"), TIME_RANGE_MESSAGE),
      );
      break;
    case "json":
      schema = field.schema ?? v.unknown();
      break;
  }
  if (field.choices) {
    const choices = field.choices;
    schema = v.pipe(
      schema,
      v.check((value) => choices.includes(value as string | number)),
    );
  }
  if (field.nullable) schema = v.nullable(schema);
  return schema;
}
