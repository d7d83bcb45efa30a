import { defineConfig } from "drizzle-kit";

// better-auth's tables for sqlite: `pnpm db:generate` writes the next migration of migrations/sqlite.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/schema/sqlite.ts",
  out: "./migrations/sqlite",
});
