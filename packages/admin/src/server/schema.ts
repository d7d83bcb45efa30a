/**
 * The admin's two tables as drizzle tables, once per dialect: drizzle-kit generates the admin's
 * SQL migrations from them (`migrations/sqlite`, `migrations/pg`; `pnpm --filter @viewsets/admin
 * db:generate`). The admin's queries name the tables by `SESSIONS` and `SAVED_VIEWS` (tables.ts).
 *
 * A session is stored by the SHA-256 of its token, never the token. A saved view's name is unique
 * per user and model by its trimmed lower-case key, and a partial unique index lets each user
 * have at most one default view per model.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index as pgIndex,
  pgTable,
  text as pgText,
  uniqueIndex as pgUnique,
} from "drizzle-orm/pg-core";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const sqliteSessions = sqliteTable(
  "viewsets_admin_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").notNull(),
    csrfToken: text("csrf_token").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("viewsets_admin_sessions_expires").on(t.expiresAt)],
);

export const sqliteSavedViews = sqliteTable(
  "viewsets_admin_saved_views",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").notNull(),
    model: text("model").notNull(),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    search: text("search").notNull().default(""),
    filters: text("filters").notNull().default("{}"),
    ordering: text("ordering").notNull().default("[]"),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("viewsets_admin_saved_views_name").on(t.userId, t.model, t.nameKey),
    uniqueIndex("viewsets_admin_saved_views_default").on(t.userId, t.model).where(sql`is_default = 1`),
  ],
);

export const pgSessions = pgTable(
  "viewsets_admin_sessions",
  {
    tokenHash: pgText("token_hash").primaryKey(),
    userId: pgText("user_id").notNull(),
    csrfToken: pgText("csrf_token").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [pgIndex("viewsets_admin_sessions_expires").on(t.expiresAt)],
);

/**
 * On PostgreSQL a saved view's id is a random safe integer its row's default draws, not a serial:
 * a sequence is an object drizzle-kit's `tablesFilter` cannot exclude, so `drizzle-kit push` in an
 * app would drop it (and fail) and `pull` would write it into the app's schema.
 */
export const SAVED_VIEW_PG_ID = sql`floor(random() * 9007199254740991 + 1)::bigint`;

export const pgSavedViews = pgTable(
  "viewsets_admin_saved_views",
  {
    id: bigint("id", { mode: "number" }).primaryKey().default(SAVED_VIEW_PG_ID),
    userId: pgText("user_id").notNull(),
    model: pgText("model").notNull(),
    name: pgText("name").notNull(),
    nameKey: pgText("name_key").notNull(),
    search: pgText("search").notNull().default(""),
    filters: pgText("filters").notNull().default("{}"),
    ordering: pgText("ordering").notNull().default("[]"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    pgUnique("viewsets_admin_saved_views_name").on(t.userId, t.model, t.nameKey),
    pgUnique("viewsets_admin_saved_views_default").on(t.userId, t.model).where(sql`is_default`),
  ],
);
