/**
 * The tests mutation testing runs for one group of scripts/mutation-groups.mjs (MUTATION_GROUP):
 * the group's test files, without type tests or browsers, on one adapter and one database (the
 * answers are the same on all of them, which the full suite checks).
 */
import { defineConfig } from "vitest/config";
// @ts-expect-error: a plain ES module of the scripts, without types.
import { currentGroup } from "./scripts/mutation-groups.mjs";
import base from "./vitest.config.js";

type Project = { test: { name: string } & Record<string, unknown> };

const tests: Record<string, string[]> = currentGroup().tests;

const projects = ((base.test?.projects ?? []) as Project[])
  .filter((project) => project.test.name in tests)
  .map((project) => ({
    ...project,
    test: { ...project.test, include: tests[project.test.name], typecheck: { enabled: false } },
  }));

export default defineConfig({ test: { projects } });
