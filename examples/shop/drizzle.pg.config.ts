import { defineConfig } from "drizzle-kit";

// The shop on PostgreSQL: `pnpm db:generate:pg` diffs src/schema.pg.ts against drizzle-pg/meta and
// writes the next SQL migration. `pnpm db:migrate` applies them (to DATABASE_URL) on a connection of
// its own; the server applies any still pending at start, as on SQLite.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema.pg.ts",
  out: "./drizzle-pg",
  dbCredentials: { url: process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test" },
  // The admin's and better-auth's tables are theirs, migrated by their own journals: never push, pull or drop them.
  tablesFilter: ["!viewsets_admin_*", "!auth_*"],
});
