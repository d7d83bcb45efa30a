import { defineConfig } from "drizzle-kit";

// The admin's tables for SQLite: `pnpm db:generate` writes the next migration of migrations/sqlite.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/server/schema.ts",
  out: "./migrations/sqlite",
});
