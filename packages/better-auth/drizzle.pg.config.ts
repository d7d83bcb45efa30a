import { defineConfig } from "drizzle-kit";

// better-auth's tables for pg: `pnpm db:generate` writes the next migration of migrations/pg.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema/pg.ts",
  out: "./migrations/pg",
});
