// drizzle-kit's settings: where the tables are, and where it writes the SQL migrations.
import { defineConfig } from "drizzle-kit";

export default defineConfig({ dialect: "sqlite", schema: "./src/schema.ts", out: "./drizzle" });
