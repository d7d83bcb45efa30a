/**
 * The groups mutation testing runs one after another (`pnpm test:mutation`): the modules mutated
 * in each, the tests that may kill their mutants, and the floor of each group's score.
 *
 * One group per kind of test: the core's mutants run its unit tests in milliseconds, the admin's
 * need its HTTP contract. Mixed in one run, every core mutant (the configuration check runs at
 * each viewset's registration) would also run the admin's suite. `break` is set just below the
 * score the tests reach today: raise it as tests kill more, never lower it. The line ranges name
 * the checks themselves: when a file's lines move, move its range with them.
 */
export const GROUPS = {
  core: {
    // Line ranges: the checks themselves, not their messages, links, OpenAPI descriptions or docs.
    // Left out for time (CI gives the whole step 6 minutes): the client IP's parsing (client-ip.ts,
    // ip-bucket.ts), rate.ts's grammar, Basic authentication and the ETag's hashing.
    mutate: [
      "packages/core/src/throttling/check.ts:15-50",
      "packages/core/src/throttling/throttles.ts",
      "packages/core/src/throttling/memory-store.ts:103-145",
      "packages/core/src/checks/check-configuration.ts:123-153",
      "packages/core/src/auth/authenticators.ts:41-58",
      "packages/core/src/auth/authenticators.ts:108-115",
      "packages/core/src/query/pagination.ts:23-28",
      "packages/core/src/query/pagination.ts:95-98",
      "packages/core/src/query/cursor-pagination.ts:106-129",
      "packages/core/src/http/etag.ts:50-63",
      "packages/core/src/viewsets/conditional.ts",
    ],
    tests: {
      core: [
        "src/throttling/{check,throttles,memory-store}.test.ts",
        "src/checks/*.test.ts",
        "src/auth/authenticators.test.ts",
        "src/query/{pagination,cursor-pagination}.test.ts",
        "src/http/etag.test.ts",
        "src/viewsets/conditional.test.ts",
      ],
    },
    break: 93,
  },
  admin: {
    // Its tests go through HTTP, seconds a mutant: the CSRF check (the comparison, and the
    // methods that need it) and the facet rule (each field counted without its own parameters).
    mutate: [
      "packages/admin/src/server/**/csrf.ts",
      "packages/admin/src/server/auth.ts:242-246",
      "packages/admin/src/server/facets.ts:140-140",
    ],
    tests: { admin: ["src/server/csrf.test.ts", "test/contract.mutation.ts"] },
    break: 84,
  },
  data: {
    mutate: ["packages/drizzle/src/**/outages.ts", "packages/better-auth/src/**/csrf.ts"],
    tests: { drizzle: ["src/**/outages.test.ts"], "better-auth": ["src/csrf.test.ts"] },
    break: 88,
  },
};

/** The group named by MUTATION_GROUP (set by scripts/mutation.mjs for each run). */
export function currentGroup() {
  const name = process.env.MUTATION_GROUP ?? "";
  const group = GROUPS[name];
  if (!group) throw new Error(`MUTATION_GROUP must name one of ${Object.keys(GROUPS).join(", ")}; got "${name}"`);
  return { name, ...group };
}
