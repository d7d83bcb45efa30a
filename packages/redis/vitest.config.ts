import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// Runs this package's tests on their own (`pnpm exec vitest run` here) until the root
// vitest.config.ts has a "redis" project. Workspace packages are read from their sources.
export default defineConfig({
  resolve: { conditions: ["source", ...defaultServerConditions] },
  ssr: { resolve: { conditions: ["source", ...defaultServerConditions], externalConditions: ["source"] } },
  test: {
    name: "redis",
    include: ["src/**/*.test.ts"],
  },
});
