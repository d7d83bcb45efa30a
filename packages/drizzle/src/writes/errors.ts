/** Database errors as core errors: constraint violations as 400s on their fields (else 409s), outages as 503s. */
import type { Column } from "drizzle-orm";
import { Conflict, ValidationError } from "@viewsets/core";
import { wordsOf } from "@viewsets/core/internals";
import { databaseNamesOf } from "../model/columns.js";
import { driverErrorOf } from "../connection/driver-error.js";
import type { ConstraintViolation, DialectName } from "../dialects/dialect.js";
import { dialectNamed } from "../dialects/registry.js";
import { outageOf, serviceUnavailable } from "../connection/outages.js";

/** What the manager was doing when the database refused, and what it can look at. */
export interface ErrorContext {
  readonly dialect: DialectName;
  readonly columns: Readonly<Record<string, Column>>;
  readonly operation: "create" | "update" | "delete";
  /** The model in a sentence, as a unique violation names it ("category with this name already exists."). */
  readonly noun?: string;
  /**
   * SQLite does not say which foreign key failed: the manager checks which referenced rows are
   * missing and returns their fields.
   */
  readonly missingReferences?: () => Promise<string[]>;
}

function fieldOfDatabaseName(columns: Readonly<Record<string, Column>>, name: string): string | undefined {
  const unquoted = name.trim().replace(/^"(.*)"$/, "$1");
  for (const [key, column] of Object.entries(columns)) {
    if (databaseNamesOf(column).includes(unquoted)) return key;
  }
  return undefined;
}

function fieldsOfNames(columns: Readonly<Record<string, Column>>, names: readonly string[]): string[] | undefined {
  const fields = names.map((name) => fieldOfDatabaseName(columns, name));
  return fields.every((field) => field !== undefined) ? (fields as string[]) : undefined;
}

/**
 * A unique violation as DRF's validators answer it: a 400 on the field ("product with this sku
 * already exists.", the model field's `unique` message), or on `non_field_errors` for a constraint
 * of several columns ("The fields sku, code must make a unique set.", `UniqueTogetherValidator`'s).
 * A 409 when the constraint cannot be tied to fields: a unique index on an expression (`lower(name)`),
 * or a driver that did not say which columns.
 */
function uniqueViolation(fields: string[] | undefined, noun: string | undefined): ValidationError | Conflict {
  if (!fields || fields.length === 0) return new Conflict("A record with these values already exists.");
  if (fields.length > 1) return new ValidationError(`The fields ${fields.join(", ")} must make a unique set.`);
  const field = fields[0]!;
  return new ValidationError({
    [field]: [`${noun ?? "record"} with this ${wordsOf(field).join(" ")} already exists.`],
  });
}

const NOT_NULL_MESSAGE = "This field may not be null.";
const MISSING_REFERENCE_MESSAGE = "Invalid pk - object does not exist.";
const REFERENCED_MESSAGE = "This record cannot be deleted while other records refer to it.";
const CHECK_MESSAGE = "The values do not satisfy a constraint of the database.";

function notNull(field: string | undefined): ValidationError {
  return field
    ? new ValidationError({ [field]: [NOT_NULL_MESSAGE] })
    : new ValidationError(`A required field may not be null.`);
}

async function missingReference(context: ErrorContext, fields: string[] | undefined): Promise<ValidationError> {
  const named = fields && fields.length > 0 ? fields : await context.missingReferences?.().catch(() => undefined);
  if (!named || named.length === 0) return new ValidationError("A referenced object does not exist.");
  return new ValidationError(Object.fromEntries(named.map((field) => [field, [MISSING_REFERENCE_MESSAGE]])));
}

/** The core error a constraint violation means: a 400 naming the fields where it can, else a 409. */
async function coreErrorOf(violation: ConstraintViolation, context: ErrorContext): Promise<Error> {
  const fields = fieldsOfNames(context.columns, violation.columns);
  switch (violation.constraint) {
    case "unique":
      return uniqueViolation(fields, context.noun);
    case "foreignKey":
      if (context.operation === "delete") return new Conflict(REFERENCED_MESSAGE);
      return missingReference(context, fields);
    case "notNull":
      return notNull(fields?.[0]);
    case "check":
      return new ValidationError(CHECK_MESSAGE);
  }
}

/**
 * The constraint a database error reports (unique, foreign key, NOT NULL, check) and the columns
 * it names, or undefined when it reports none: for statements of one's own on the same database.
 */
export function constraintViolationOf(error: unknown, dialect: DialectName): ConstraintViolation | undefined {
  const driverError = driverErrorOf(error);
  return driverError && dialectNamed(dialect).violationOf(driverError);
}

/**
 * A database error as a core error a client can act on: a unique violation, a missing foreign key
 * or a NULL in a NOT NULL column is a 400 `ValidationError` with errors per field (a unique
 * violation that cannot be tied to fields, or a delete of a row others refer to, a 409
 * `Conflict`). An outage (unreachable, timed out, busy, disk full) is a 503
 * `ServiceUnavailable` with `Retry-After`. Anything else is returned as it was, for the core to
 * answer 500.
 * The messages made here never carry SQL or values.
 */
export async function mapDatabaseError(error: unknown, context: ErrorContext): Promise<unknown> {
  const violation = constraintViolationOf(error, context.dialect);
  if (violation) return await coreErrorOf(violation, context);
  const outage = outageOf(error);
  return outage ? serviceUnavailable(outage) : error;
}
