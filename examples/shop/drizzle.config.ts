import { defineConfig } from "drizzle-kit";

// `pnpm db:generate` diffs src/schema.ts against drizzle/meta and writes the next SQL migration;
// the server applies them at start (src/database.ts), so `pnpm start` needs no other step.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/schema.ts",
  out: "./drizzle",
  dbCredentials: { url: process.env.DATABASE_FILE || "./shop.sqlite" },
});
