/** The admin's history log (Django's LogEntry): entries written with each write, read per record and per user, kept for a retention period. */
import { sql } from "drizzle-orm";
import type { RequestContext } from "@viewsets/core";
import { databaseKey, inTransaction } from "@viewsets/drizzle";
import type { FieldChange, HistoryEntry } from "../shared/actions.js";
import { HISTORY } from "./migrations.js";
import { type AdminDatabase, lazyStatements, type Row, type StatementOptions } from "./statements.js";

/** What a write records: the record it touched and, for a change, its changed fields. */
export interface NewEntry {
  readonly userId: string;
  readonly username: string;
  readonly model: string;
  readonly objectId: string;
  readonly objectLabel: string;
  readonly action: string;
  readonly changes: readonly FieldChange[];
}

export interface HistoryStore {
  /**
   * Whether this flow has a transaction open on the admin's database: a model's write there (its
   * manager over the same database) and the entries written now commit or roll back together.
   */
  inTransaction(): boolean;
  /** Writes entries (in the flow's transaction when one is open on the admin's database). */
  record(ctx: RequestContext, entries: readonly NewEntry[], now: Date): Promise<void>;
  /** One record's entries, newest first. */
  forObject(ctx: RequestContext, model: string, objectId: string, limit: number): Promise<HistoryEntry[]>;
  /** One user's latest entries over the given models, newest first (the index's Recent actions). */
  forUser(ctx: RequestContext, userId: string, models: readonly string[], limit: number): Promise<HistoryEntry[]>;
  /** The log over the given models, by user name and action when given, newest first. */
  list(ctx: RequestContext, filters: LogFilters, limit: number, offset: number): Promise<HistoryEntry[]>;
}

export interface LogFilters {
  readonly models: readonly string[];
  readonly username?: string | undefined;
  readonly action?: string | undefined;
}

const table = sql.identifier(HISTORY);
const INSERT_BATCH = 1000;
const COLUMNS = sql`id, username, model, object_id, object_label, action, changes, created_at`;

function wire(row: Row): HistoryEntry {
  return {
    id: Number(row.id),
    user: String(row.username),
    model: String(row.model),
    objectId: String(row.object_id),
    objectLabel: String(row.object_label),
    action: String(row.action),
    changes: JSON.parse(String(row.changes)) as FieldChange[],
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

/** The store over the app's database; entries older than `retentionDays` (default 180) are deleted as new ones are written. */
export function createHistoryStore(
  db: AdminDatabase,
  options: StatementOptions & { readonly retentionDays?: number | undefined },
): HistoryStore {
  const statements = lazyStatements(db, options);
  const retentionDays = options.retentionDays ?? 180;
  const DAY = 24 * 60 * 60 * 1000;
  // Each write's time is after the last one this process logged, by a millisecond if it must: the
  // log is read newest first by created_at, and two writes in one millisecond would otherwise come
  // back in their ids' order, which on PostgreSQL is random (its ids are drawn without a sequence).
  let last = 0;
  return {
    inTransaction: () => inTransaction(databaseKey(db)),
    async record(ctx, entries, now) {
      if (entries.length === 0) return;
      const at = Math.max(now.getTime(), last + 1);
      last = at;
      const rows = entries.map(
        (e) =>
          sql`(${e.userId}, ${e.username}, ${e.model}, ${e.objectId}, ${e.objectLabel}, ${e.action}, ${JSON.stringify(e.changes)}, ${at})`,
      );
      // Eight parameters a row: 10,000 rows of an action in batches under SQLite's and PostgreSQL's limits on them.
      const inserts = [];
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        const batch = rows.slice(start, start + INSERT_BATCH);
        inserts.push(
          sql`INSERT INTO ${table} (user_id, username, model, object_id, object_label, action, changes, created_at) VALUES ${sql.join(batch, sql`, `)}`,
        );
      }
      await statements.atomically(ctx, [
        ...inserts,
        // The retention: the index on created_at finds what has expired.
        sql`DELETE FROM ${table} WHERE created_at < ${at - retentionDays * DAY}`,
      ]);
    },
    async forObject(ctx, model, objectId, limit) {
      const rows = await statements.all(
        ctx,
        sql`SELECT ${COLUMNS} FROM ${table} WHERE model = ${model} AND object_id = ${objectId}
            ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      );
      return rows.map(wire);
    },
    async list(ctx, filters, limit, offset) {
      if (filters.models.length === 0) return [];
      const conditions = [
        sql`model IN (${sql.join(
          filters.models.map((m) => sql`${m}`),
          sql`, `,
        )})`,
      ];
      if (filters.username !== undefined) conditions.push(sql`username = ${filters.username}`);
      if (filters.action !== undefined) conditions.push(sql`action = ${filters.action}`);
      const rows = await statements.all(
        ctx,
        sql`SELECT ${COLUMNS} FROM ${table} WHERE ${sql.join(conditions, sql` AND `)}
            ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
      );
      return rows.map(wire);
    },
    async forUser(ctx, userId, models, limit) {
      if (models.length === 0) return [];
      const rows = await statements.all(
        ctx,
        sql`SELECT ${COLUMNS} FROM ${table} WHERE user_id = ${userId}
            AND model IN (${sql.join(
              models.map((m) => sql`${m}`),
              sql`, `,
            )}) ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      );
      return rows.map(wire);
    },
  };
}
