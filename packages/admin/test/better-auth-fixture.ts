/**
 * The admin and a REST API on one better-auth instance over the suite's database: better-auth's
 * tables migrated beside the admin's, an editor role that may view, add and change products and
 * may not see categories, and a router of products behind the same session cookie.
 */
import { Router } from "@viewsets/core";
import {
  authMigrations,
  betterAuthentication,
  hashedSessionTokens,
  modelPermissionsOrAnonReadOnly,
  modelRoles,
  viewsets,
} from "@viewsets/better-auth";
import * as pgSchema from "@viewsets/better-auth/schema/pg";
import * as sqliteSchema from "@viewsets/better-auth/schema/sqlite";
import { modelViewSet, type SQLiteDatabase } from "@viewsets/drizzle";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin as adminPlugin, bearer, username } from "better-auth/plugins";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { betterAuthAccounts } from "../src/better-auth/index.js";
import type { Admin } from "../src/server/index.js";
import { type FixtureDatabase, type FixtureTables, fixtureAdmin } from "./fixture.js";

export const PASSWORD = "plum-tractor-89";

const { ac, roles } = modelRoles({
  models: ["products", "categories"],
  roles: { editor: { products: ["view", "add", "change"] } },
});

async function migrateAuth(database: FixtureDatabase): Promise<void> {
  if (database.dialect === "sqlite") {
    migrateSqlite(database.db as BetterSQLite3Database, authMigrations("sqlite"));
  } else {
    await migratePg(database.db as NodePgDatabase, { ...authMigrations("pg"), migrationsSchema: database.schema });
  }
}

function authOn(database: FixtureDatabase) {
  // Session tokens stored as their SHA-256, as the admin's own sessions are.
  const adapter = hashedSessionTokens(
    database.dialect === "sqlite"
      ? drizzleAdapter(database.db as BetterSQLite3Database, { provider: "sqlite", schema: sqliteSchema })
      : drizzleAdapter(database.db as NodePgDatabase, { provider: "pg", schema: pgSchema }),
  );
  return betterAuth({
    secret: "a-test-secret-of-the-admin-suite-0123456789",
    baseURL: "http://127.0.0.1:3000",
    database: adapter,
    emailAndPassword: { enabled: true },
    telemetry: { enabled: false },
    logger: { disabled: true },
    rateLimit: { enabled: false },
    plugins: [username(), adminPlugin({ ac, roles }), bearer(), viewsets()],
  });
}

export type TestAuth = ReturnType<typeof authOn>;

/** A new user with `role` (better-auth's default `user` when none); their id. */
export async function createUser(auth: TestAuth, name: string, role?: string): Promise<string> {
  const { user } = await auth.api.signUpEmail({
    body: { email: `${name}@example.test`, password: PASSWORD, name, username: name },
  });
  if (role) await (await auth.$context).internalAdapter.updateUser(user.id, { role });
  return user.id;
}

export interface AuthApp {
  readonly auth: TestAuth;
  readonly admin: Admin<unknown>;
  readonly router: Router;
}

/** The suite's admin on better-auth's accounts, and products on a REST API with the same users. */
export async function authApp(database: FixtureDatabase): Promise<AuthApp> {
  await migrateAuth(database);
  const auth: TestAuth = authOn(database);
  const admin = fixtureAdmin(database, { users: undefined, accounts: betterAuthAccounts(auth) as never });
  await admin.ready();
  const router = new Router("/api", {
    authentication: betterAuthentication(auth),
    permissions: [modelPermissionsOrAnonReadOnly(auth)],
  });
  // The PostgreSQL tables have the same columns: typed as the SQLite ones, as fixtureAdmin does.
  const { products } = database.tables as FixtureTables;
  router.register("products", modelViewSet(database.db as unknown as SQLiteDatabase, products));
  return { auth, admin: admin as Admin<unknown>, router };
}
