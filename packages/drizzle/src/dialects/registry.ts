/** The two dialects by name, and the one a drizzle table was declared for. */
import { getTableName, type Table } from "drizzle-orm";
import type { Dialect, DialectName } from "./dialect.js";
import { pg } from "./pg.js";
import { sqlite } from "./sqlite.js";

const DIALECTS: Record<DialectName, Dialect> = { sqlite, pg };

/** The dialect of a table's database. */
export function dialectOf(table: Table): Dialect {
  const dialect = Object.values(DIALECTS).find((candidate) => candidate.owns(table));
  if (dialect) return dialect;
  throw new TypeError(`@viewsets/drizzle: table ${getTableName(table)} is neither a SQLite nor a PostgreSQL table`);
}

export function dialectNamed(name: DialectName): Dialect {
  return DIALECTS[name];
}
