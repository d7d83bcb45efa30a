/** The error a database driver throws, found under the wrappers drizzle puts around it. */
export interface DriverError {
  readonly code: string;
  readonly message: string;
  readonly detail?: string;
  readonly column?: string;
  readonly constraint?: string;
}

/** The driver's own error under drizzle's DrizzleQueryError (which carries SQL and values). */
export function driverErrorOf(error: unknown): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return current as unknown as DriverError;
    current = current.cause;
  }
  return undefined;
}
