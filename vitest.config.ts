import { existsSync } from "node:fs";
import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// Workspace packages are read from their sources (the `source` export condition), so tests need
// no build step first.
const conditions = ["source", ...defaultServerConditions];

const project = (name: string, root: string, extra: Record<string, unknown> = {}) => ({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ["source"] } },
  test: {
    name,
    root,
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Tests start real servers and databases on a 2-core machine: a timeout guards against hangs,
    // it does not measure speed.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The `*.test-d.ts` type tests. `pnpm test` turns this off (VITEST_TYPECHECK=0): its tsc run
    // over every package compiles them already (scripts/test.mjs).
    typecheck: {
      enabled: process.env.VITEST_TYPECHECK !== "0",
      include: ["src/**/*.test-d.ts", "test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    ...extra,
  },
});

// Suites that share one database or server run their files one at a time.
const serial = { fileParallelism: false };

export default defineConfig({
  test: {
    projects: [
      project("core", "packages/core"),
      project("express", "packages/adapter-express"),
      project("koa", "packages/adapter-koa"),
      project("hono", "packages/adapter-hono"),
      project("fastify", "packages/adapter-fastify"),
      project("drizzle", "packages/drizzle", serial),
      project("redis", "packages/redis", serial),
      project("quickstart", "examples/quickstart"),
      project("admin", "packages/admin", serial),
      project("better-auth", "packages/better-auth", serial),
      project("shop", "examples/shop", serial),
      // The shop's API, admin and typed-client tests and the guide's curl lines again, on PostgreSQL (a fresh
      // database per shop).
      project("shop-pg", "examples/shop", {
        ...serial,
        include: ["test/api.test.ts", "test/admin.test.ts", "test/typed-client.test.ts", "test/readme.test.ts"],
        typecheck: { enabled: false },
        env: { SHOP_DATABASE: "pg" },
      }),
      project("bench", "bench"),
    ].filter((p) => existsSync(p.test.root)),
  },
});
