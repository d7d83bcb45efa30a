import { defineConfig } from "drizzle-kit";

// The admin's tables for PostgreSQL: `pnpm db:generate` writes the next migration of migrations/pg.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/schema.ts",
  out: "./migrations/pg",
});
