/**
 * The shop's users, from better-auth on the shop's database (its SQLite file or PostgreSQL): sign-in with a username, roles
 * with model permissions (an editor may view, add and change products and categories and view
 * price changes, and delete nothing), bearer tokens, Django's password rules, and the three
 * demo users a new database starts with.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { hashedSessionTokens, modelRoles, viewsets } from "@viewsets/better-auth";
import * as pgAuthSchema from "@viewsets/better-auth/schema/pg";
import * as authSchema from "@viewsets/better-auth/schema/sqlite";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer, username } from "better-auth/plugins";
import { type ShopDatabase, isPostgres } from "./database.js";

/** The password of the seeded users: `shop-demo`, or `SHOP_DEMO_PASSWORD` when the database is created. */
export const DEMO_PASSWORD = process.env.SHOP_DEMO_PASSWORD || "shop-demo";

/** The models of the API and the admin, and what each role may do with them (`admin` may do everything). */
export const SHOP_ROLES = modelRoles({
  models: ["products", "categories", "price_changes"],
  roles: {
    editor: {
      products: ["view", "add", "change"],
      categories: ["view", "add", "change"],
      price_changes: ["view"],
    },
  },
});

/** The discount action changes a product's price: it needs `change` on products. */
export const SHOP_PERMISSION_OPTIONS = { actions: { discount: "change" } } as const;

/**
 * better-auth's secret: `BETTER_AUTH_SECRET`, else one made for this SQLite file on its first
 * start and kept beside it (`shop.sqlite.secret`, readable by its owner only), so that sessions
 * survive a restart with no setup. PostgreSQL (no file) needs `BETTER_AUTH_SECRET`.
 */
export function shopSecret(databaseFile: string | undefined): string {
  if (process.env.BETTER_AUTH_SECRET) return process.env.BETTER_AUTH_SECRET;
  if (databaseFile === undefined) throw new Error("BETTER_AUTH_SECRET is not set");
  const file = `${databaseFile}.secret`;
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}

/** The shop's better-auth instance over its database (better-auth's tables are migrated with the shop's). */
export function createShopAuth(db: ShopDatabase, secret: string) {
  return betterAuth({
    secret,
    // Where the shop is served: its cookies are Secure when this is https (set it behind a proxy that ends TLS).
    baseURL: process.env.BETTER_AUTH_URL || `http://localhost:${process.env.PORT || 3000}`,
    // Session tokens kept as their SHA-256: a copy of the table opens no session.
    database: hashedSessionTokens(
      isPostgres(db)
        ? drizzleAdapter(db, { provider: "pg", schema: pgAuthSchema })
        : drizzleAdapter(db, { provider: "sqlite", schema: authSchema }),
    ),
    emailAndPassword: { enabled: true },
    telemetry: { enabled: false },
    plugins: [username(), admin({ ac: SHOP_ROLES.ac, roles: SHOP_ROLES.roles }), bearer(), viewsets()],
  });
}

export type ShopAuth = ReturnType<typeof createShopAuth>;

/** The example's users: `admin` holds every permission, `editor` the editor role, `customer` none. */
export const DEMO_USERS = [
  { username: "admin", role: "admin" },
  { username: "editor", role: "editor" },
  { username: "customer", role: "user" },
] as const;

/** Creates the demo users when there are no users at all; true when it did. */
export async function seedUsers(auth: ShopAuth, password = DEMO_PASSWORD): Promise<boolean> {
  const context = await auth.$context;
  if ((await context.adapter.count({ model: "user" })) > 0) return false;
  for (const user of DEMO_USERS) {
    await auth.api.createUser({
      body: {
        email: `${user.username}@shop.example`,
        name: user.username,
        password,
        role: user.role,
        data: { username: user.username, displayUsername: user.username },
      },
    });
  }
  return true;
}
