/** Each user's saved views of each model, stored in the admin's table through its statements. */
import { type SQL, sql } from "drizzle-orm";
import type { RequestContext } from "@viewsets/core";
import { constraintViolationOf } from "@viewsets/drizzle";
import type { SavedView, SavedViewBody } from "../shared/wire.js";
import { type AdminDatabase, lazyStatements, type Row, type StatementOptions } from "./statements.js";
import { SAVED_VIEWS } from "./migrations.js";

/** Each user's views of each model; a view that is not the user's is never found. */
export interface SavedViewStore {
  list(ctx: RequestContext, userId: string, model: string): Promise<SavedView[]>;
  /** Creates the view, or updates the user's view of that name: `created` says which. */
  save(
    ctx: RequestContext,
    userId: string,
    model: string,
    input: SavedViewBody & { readonly name: string },
  ): Promise<SavedViewSaved>;
  /** The view changed; null when it is not the user's; "conflict" when another of their views has the name. */
  patch(
    ctx: RequestContext,
    userId: string,
    model: string,
    id: number,
    input: SavedViewBody,
  ): Promise<SavedView | null | "conflict">;
  /** Whether the user's view existed (and is now gone). */
  remove(ctx: RequestContext, userId: string, model: string, id: number): Promise<boolean>;
}

export interface SavedViewSaved {
  readonly view: SavedView;
  readonly created: boolean;
}

const table = sql.identifier(SAVED_VIEWS);
/** Names compare trimmed and case-insensitively. */
const keyOf = (name: string) => name.trim().toLowerCase();
const COLUMNS = sql`id, name, name_key, search, filters, ordering, columns, is_default, created_at, updated_at`;

/** The stored form of a view's columns: a JSON list, or null for every column. */
function columnsText(columns: readonly string[] | null): string | null {
  return columns === null ? null : JSON.stringify(columns);
}

function wire(row: Row): SavedView {
  return {
    id: Number(row.id),
    name: String(row.name),
    search: String(row.search),
    filters: JSON.parse(String(row.filters)) as Record<string, string[]>,
    ordering: JSON.parse(String(row.ordering)) as string[],
    // A view that shows every column says none.
    ...(row.columns === null || row.columns === undefined
      ? {}
      : { columns: JSON.parse(String(row.columns)) as string[] }),
    isDefault: row.is_default === true || row.is_default === 1,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}

export function createSavedViewStore(db: AdminDatabase, options: StatementOptions = {}): SavedViewStore {
  const statements = lazyStatements(db, options);
  // better-sqlite3 binds no booleans: SQLite keeps them as 0 and 1.
  const bool = (value: boolean) => (statements.dialect() === "pg" ? value : value ? 1 : 0);
  const own = (userId: string, model: string) => sql`user_id = ${userId} AND model = ${model}`;
  // Another of the user's views has the name, or another request made this one the default first.
  const isUniqueViolation = (error: unknown) =>
    constraintViolationOf(error, statements.dialect())?.constraint === "unique";

  async function read(ctx: RequestContext, userId: string, model: string, id: number): Promise<SavedView | null> {
    const [row] = await statements.all(
      ctx,
      sql`SELECT ${COLUMNS} FROM ${table} WHERE id = ${id} AND ${own(userId, model)}`,
    );
    return row ? wire(row) : null;
  }

  /** The columns an input sets, for an UPDATE. */
  function assignments(input: SavedViewBody, now: number): SQL[] {
    const set: SQL[] = [sql`updated_at = ${now}`];
    if (input.name !== undefined) set.push(sql`name = ${input.name}`, sql`name_key = ${keyOf(input.name)}`);
    if (input.search !== undefined) set.push(sql`search = ${input.search}`);
    if (input.filters !== undefined) set.push(sql`filters = ${JSON.stringify(input.filters)}`);
    if (input.ordering !== undefined) set.push(sql`ordering = ${JSON.stringify(input.ordering)}`);
    if (input.columns !== undefined) set.push(sql`columns = ${columnsText(input.columns)}`);
    return set;
  }

  /**
   * Makes the view the user's default of its model, clearing the flag on the others in the same
   * transaction, or clears it. The partial unique index keeps one default even when two requests
   * race: the loser's transaction fails whole and runs again, so the last request wins.
   */
  async function setDefault(
    ctx: RequestContext,
    userId: string,
    model: string,
    id: number,
    isDefault: boolean,
  ): Promise<void> {
    const mark = sql`UPDATE ${table} SET is_default = ${bool(isDefault)} WHERE id = ${id} AND ${own(userId, model)}`;
    if (!isDefault) {
      await statements.run(ctx, mark);
      return;
    }
    const clearOthers = sql`UPDATE ${table} SET is_default = ${bool(false)}
      WHERE ${own(userId, model)} AND is_default = ${bool(true)} AND id <> ${id}`;
    for (let attempt = 0; ; attempt++) {
      try {
        await statements.atomically(ctx, [clearOthers, mark]);
        return;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  }

  return {
    async list(ctx, userId, model) {
      const rows = await statements.all(ctx, sql`SELECT ${COLUMNS} FROM ${table} WHERE ${own(userId, model)}`);
      rows.sort((a, b) => String(a.name_key).localeCompare(String(b.name_key)) || Number(a.id) - Number(b.id));
      return rows.map(wire);
    },

    async save(ctx, userId, model, input) {
      const now = Date.now();
      const nameKey = keyOf(input.name);
      // One statement decides who creates a new name: concurrent saves of it make one view.
      const inserted = await statements.all(
        ctx,
        sql`INSERT INTO ${table}
              (user_id, model, name, name_key, search, filters, ordering, columns, is_default, created_at, updated_at)
            VALUES (${userId}, ${model}, ${input.name}, ${nameKey}, ${input.search ?? ""},
              ${JSON.stringify(input.filters ?? {})}, ${JSON.stringify(input.ordering ?? [])},
              ${columnsText(input.columns ?? null)}, ${bool(false)}, ${now}, ${now})
            ON CONFLICT (user_id, model, name_key) DO NOTHING
            RETURNING id`,
        "write",
      );
      let id: number;
      const created = inserted.length > 0;
      if (created) {
        id = Number(inserted[0]!.id);
      } else {
        const { name: _name, ...rest } = input;
        const [row] = await statements.all(
          ctx,
          sql`UPDATE ${table} SET ${sql.join(assignments(rest, now), sql`, `)}
              WHERE ${own(userId, model)} AND name_key = ${nameKey} RETURNING id`,
          "write",
        );
        if (!row) throw new Error("saved view vanished while it was being updated");
        id = Number(row.id);
      }
      if (input.isDefault !== undefined) await setDefault(ctx, userId, model, id, input.isDefault);
      const view = await read(ctx, userId, model, id);
      if (!view) throw new Error("saved view vanished while it was being saved");
      return { view, created };
    },

    async patch(ctx, userId, model, id, input) {
      if (!(await read(ctx, userId, model, id))) return null;
      try {
        await statements.run(
          ctx,
          sql`UPDATE ${table} SET ${sql.join(assignments(input, Date.now()), sql`, `)} WHERE id = ${id} AND ${own(userId, model)}`,
        );
      } catch (error) {
        if (isUniqueViolation(error)) return "conflict";
        throw error;
      }
      if (input.isDefault !== undefined) await setDefault(ctx, userId, model, id, input.isDefault);
      return read(ctx, userId, model, id);
    },

    async remove(ctx, userId, model, id) {
      return (await statements.run(ctx, sql`DELETE FROM ${table} WHERE id = ${id} AND ${own(userId, model)}`)) > 0;
    },
  };
}
