/**
 * The admin's tables as drizzle tables, once per dialect: drizzle-kit generates the admin's
 * SQL migrations from them (`migrations/sqlite`, `migrations/pg`; `pnpm --filter @viewsets/admin
 * db:generate`). The admin's queries name the tables by `SESSIONS`, `SAVED_VIEWS` and `HISTORY`
 * (migrations.ts). The history log keeps who changed what and when, with each changed field's old
 * and new value as JSON (serializable fields only: a secret is never written there).
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
    // The columns the view shows (a JSON list); null: every column.
    columns: text("columns"),
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
 * On PostgreSQL a saved view's (and a history entry's) id is a random safe integer its row's default draws, not a serial:
 * a sequence is an object drizzle-kit's `tablesFilter` cannot exclude, so `drizzle-kit push` in an
 * app would drop it (and fail) and `pull` would write it into the app's schema.
 */
export const ADMIN_PG_ID = sql`floor(random() * 9007199254740991 + 1)::bigint`;

export const pgSavedViews = pgTable(
  "viewsets_admin_saved_views",
  {
    id: bigint("id", { mode: "number" }).primaryKey().default(ADMIN_PG_ID),
    userId: pgText("user_id").notNull(),
    model: pgText("model").notNull(),
    name: pgText("name").notNull(),
    nameKey: pgText("name_key").notNull(),
    search: pgText("search").notNull().default(""),
    filters: pgText("filters").notNull().default("{}"),
    ordering: pgText("ordering").notNull().default("[]"),
    // The columns the view shows (a JSON list); null: every column.
    columns: pgText("columns"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    pgUnique("viewsets_admin_saved_views_name").on(t.userId, t.model, t.nameKey),
    pgUnique("viewsets_admin_saved_views_default").on(t.userId, t.model).where(sql`is_default`),
  ],
);

export const sqliteHistory = sqliteTable(
  "viewsets_admin_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").notNull(),
    username: text("username").notNull(),
    model: text("model").notNull(),
    objectId: text("object_id").notNull(),
    objectLabel: text("object_label").notNull(),
    action: text("action").notNull(),
    changes: text("changes").notNull().default("[]"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("viewsets_admin_history_object").on(t.model, t.objectId, t.createdAt),
    index("viewsets_admin_history_user").on(t.userId, t.createdAt),
    index("viewsets_admin_history_created").on(t.createdAt),
  ],
);

export const pgHistory = pgTable(
  "viewsets_admin_history",
  {
    // Drawn as a saved view's is, without a sequence (an identity column's is one too, which an
    // app's drizzle-kit pull writes out): entries are ordered by created_at, the id only breaks ties.
    id: bigint("id", { mode: "number" }).primaryKey().default(ADMIN_PG_ID),
    userId: pgText("user_id").notNull(),
    username: pgText("username").notNull(),
    model: pgText("model").notNull(),
    objectId: pgText("object_id").notNull(),
    objectLabel: pgText("object_label").notNull(),
    action: pgText("action").notNull(),
    changes: pgText("changes").notNull().default("[]"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (t) => [
    pgIndex("viewsets_admin_history_object").on(t.model, t.objectId, t.createdAt),
    pgIndex("viewsets_admin_history_user").on(t.userId, t.createdAt),
    pgIndex("viewsets_admin_history_created").on(t.createdAt),
  ],
);
