import { defineConfig, defaultServerConditions } from "vite";
import { defineConfig as defineVitestConfig, mergeConfig } from "vitest/config";

// Workspace packages are read from their sources (the `source` export condition), so tests need
// no build step first.
const sources = defineConfig({
  resolve: { conditions: ["source", ...defaultServerConditions] },
  ssr: { resolve: { conditions: ["source", ...defaultServerConditions], externalConditions: ["source"] } },
});

const project = (name: string, root: string, extra: Record<string, unknown> = {}) =>
  mergeConfig(sources, {
    test: {
      name,
      root,
      include: ["src/**/*.test.ts", "test/**/*.test.ts"],
      typecheck: { enabled: true, include: ["src/**/*.test-d.ts", "test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
      ...extra,
    },
  });

export default defineVitestConfig({
  test: {
    projects: [
      project("core", "packages/core"),
      project("express", "packages/adapter-express"),
      project("koa", "packages/adapter-koa"),
      project("hono", "packages/adapter-hono"),
      project("drizzle", "packages/drizzle", { fileParallelism: false }),
    ],
  },
});
