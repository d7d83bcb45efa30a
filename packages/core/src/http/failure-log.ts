/**
 * What the server's log says about a request that failed. A log line carries no request values:
 * no body, no query string, no SQL parameters, no database error's message (its kind and code
 * instead).
 * A client that went away is not a failure at all.
 */
import { ApiError } from "./errors.js";
import { type ApiRequest, requestAborted } from "./request.js";

const MAX_CAUSES = 3;

/** Drops what a message may quote from the request: drizzle's `params:` line and quoted literals. */
function redactMessage(message: string): string {
  const paramsAt = message.search(/\n\s*params:/);
  const withoutParams = paramsAt === -1 ? message : message.slice(0, paramsAt);
  const [first = "", ...rest] = withoutParams.split("\n");
  // "Failed query: <sql>" keeps its SQL (placeholders, not values); any other message may quote a
  // value (`invalid input syntax for type integer: "abc"`), so its quoted parts are blanked.
  const kept = first.startsWith("Failed query:") ? [first, ...rest].join(" ") : first;
  const redacted = first.startsWith("Failed query:") ? kept : kept.replace(/(["'`])(?:(?!\1).)*\1/g, "$1…$1");
  return redacted.length > 500 ? `${redacted.slice(0, 500)}…` : redacted;
}

function stackFrames(error: Error): string[] {
  return (error.stack ?? "").split("\n").filter((line) => /^\s+at\s/.test(line));
}

// SQLite's result codes and PostgreSQL's SQLSTATEs: the code of an error a database raised.
const DATABASE_CODE = /^(SQLITE_[A-Z_]+|(?=[A-Z]*[0-9])[0-9A-Z]{5})$/;
// What a PostgreSQL error names besides its message: schema, never values.
const SCHEMA_NAMES = ["schema", "table", "column", "constraint", "dataType", "routine"] as const;

/**
 * A database error's kind and code, and the schema objects it names. Never its message: a
 * database quotes values back in it, or not (`date field value out of range: 2024-02-30`, a
 * trigger's `RAISE` with the row's values), so no redaction could be trusted with it.
 */
function databaseHeadline(error: Error, code: string): string {
  const record = error as unknown as Record<string, unknown>;
  const names = SCHEMA_NAMES.flatMap((key) => {
    const value = record[key];
    return typeof value === "string" && value !== "" ? [`${key} ${value.slice(0, 100)}`] : [];
  });
  return `${error.name} [${code}]${names.length > 0 ? ` (${names.join(", ")})` : ""}`;
}

function headline(error: unknown): string {
  if (!(error instanceof Error)) return `a thrown ${error === null ? "null" : typeof error}`;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && DATABASE_CODE.test(code)) return databaseHeadline(error, code);
  const codeText = typeof code === "string" || typeof code === "number" ? ` [${code}]` : "";
  return `${error.name}${codeText}: ${redactMessage(error.message)}`;
}

/**
 * An error as log text: name, code, a redacted message (none for a database's error) and the
 * stack frames, for it and its causes.
 */
export function describeFailure(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSES && current !== undefined; depth++) {
    lines.push(`${depth === 0 ? "" : "caused by "}${headline(current)}`);
    if (current instanceof Error) lines.push(...stackFrames(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join("\n");
}

/** Whether an error is worth telling `onError` about: not an answer (ApiError), not a client that left. */
export function isServerFailure(error: unknown, request: ApiRequest): boolean {
  return !(error instanceof ApiError) && !requestAborted(request);
}
