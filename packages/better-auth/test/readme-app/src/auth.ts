import { authMigrations, modelRoles, viewsets } from "@viewsets/better-auth";
import * as authSchema from "@viewsets/better-auth/schema/sqlite";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer, username } from "better-auth/plugins";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const todos = sqliteTable("todos", {
  id: integer().primaryKey({ autoIncrement: true }),
  title: text().notNull(),
});
export const db = drizzle(new Database("app.sqlite"));
migrate(db, authMigrations("sqlite")); // better-auth's tables: auth_user, auth_session, auth_account, ...
db.$client.exec("CREATE TABLE IF NOT EXISTS todos (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL)");

// Each model is a resource with view, add, change and delete: admin holds them all, user none.
const { ac, roles } = modelRoles({ models: ["todos"], roles: { editor: { todos: ["view", "add", "change"] } } });

export const auth = betterAuth({
  database: drizzleAdapter(db, { provider: "sqlite", schema: authSchema }),
  emailAndPassword: { enabled: true },
  plugins: [username(), admin({ ac, roles }), bearer(), viewsets()], // viewsets(): password rules, CSRF token route
});
