import { randomBytes, scrypt, scryptSync, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import type { ShopDatabase } from "./database.js";
import { users } from "./schema.js";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

/** A user of the admin, without the password hash. */
export interface ShopUser {
  readonly id: number;
  readonly username: string;
  readonly isStaff: boolean;
}

/** The password of the seeded users: `shop-demo`, or `SHOP_DEMO_PASSWORD` when the database is created. */
export const DEMO_PASSWORD = process.env.SHOP_DEMO_PASSWORD || "shop-demo";

/** `scrypt$<salt>$<key>`, both base64url: a fresh salt per password. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64url"), expected.length);
  return timingSafeEqual(actual, expected);
}

// Checked when the username is unknown, so that both mistakes cost the same time.
let unknownUserHash: string | undefined;

/** The user with that username and password, or null for either mistake. */
export async function verifyShopUser(db: ShopDatabase, username: string, password: string): Promise<ShopUser | null> {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  const matches = await passwordMatches(
    password,
    row?.passwordHash ?? (unknownUserHash ??= hashPassword(randomBytes(16).toString("hex"))),
  );
  return row && matches ? { id: row.id, username: row.username, isStaff: row.isStaff } : null;
}

/** The user a session names, or null. */
export async function shopUserById(db: ShopDatabase, id: string): Promise<ShopUser | null> {
  const key = Number(id);
  if (!Number.isSafeInteger(key)) return null;
  const [row] = await db
    .select({ id: users.id, username: users.username, isStaff: users.isStaff })
    .from(users)
    .where(eq(users.id, key))
    .limit(1);
  return row ?? null;
}

/** The example's users: `admin` and `editor` are staff, `customer` is not. Seeded once, when there are none. */
export const DEMO_USERS = [
  { username: "admin", isStaff: true },
  { username: "editor", isStaff: true },
  { username: "customer", isStaff: false },
] as const;

export function seedUsers(client: Database.Database, password = DEMO_PASSWORD): boolean {
  const existing = client.prepare("SELECT count(*) AS n FROM users").get() as { n: number };
  if (existing.n > 0) return false;
  const hashes = DEMO_USERS.map(() => hashPassword(password));
  const insert = client.prepare("INSERT OR IGNORE INTO users (username, password_hash, is_staff) VALUES (?, ?, ?)");
  client.transaction(() => {
    for (const [i, user] of DEMO_USERS.entries()) insert.run(user.username, hashes[i], user.isStaff ? 1 : 0);
  })();
  return true;
}
