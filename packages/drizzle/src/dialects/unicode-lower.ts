/** The Unicode lower-casing function case-insensitive lookups call on SQLite connections. */
/** The name of the SQL function registered on better-sqlite3 connections. */
export const UNICODE_LOWER = "viewsets_lower";

interface FunctionRegistry {
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
}

const registered = new WeakSet<object>();

function registryOf(db: unknown): FunctionRegistry | undefined {
  const client = (db as { $client?: unknown }).$client;
  if (typeof client !== "object" || client === null) return undefined;
  return typeof (client as { function?: unknown }).function === "function" ? (client as FunctionRegistry) : undefined;
}

/**
 * The SQL function case-insensitive lookups lower-case text with on a SQLite connection. SQLite's
 * own `lower()` knows only ASCII ("Ä" stays "Ä"), so on better-sqlite3 connections a
 * deterministic Unicode `viewsets_lower()` is registered once; other drivers fall back to `lower()`.
 */
export function unicodeLowerFunction(db: unknown): string {
  const registry = registryOf(db);
  if (!registry) return "lower";
  if (!registered.has(registry)) {
    registry.function(UNICODE_LOWER, { deterministic: true }, (value) =>
      typeof value === "string" ? value.toLowerCase() : value,
    );
    registered.add(registry);
  }
  return UNICODE_LOWER;
}
