/**
 * The groups mutation testing runs one after another (`pnpm test:mutation`): the modules mutated
 * in each, the tests that may kill their mutants, and the floor of each group's score.
 *
 * One group per kind of test: the core's mutants run its unit tests in milliseconds, the admin's
 * need its HTTP contract. Mixed in one run, every core mutant (the configuration check runs at
 * each viewset's registration) would also run the admin's suite. `break` is set just below the
 * score the tests reach today: raise it as tests kill more, never lower it. A part of a file is
 * named by the text of its first and last lines (`span`), not by line numbers, so that it follows
 * the code when lines move; a span whose text is gone fails the run rather than mutate other lines.
 */
import { readFileSync } from "node:fs";

/**
 * `file:from-to` for Stryker: from the first line holding `first` to the next line that starts
 * with `last` (the same line when there is none); throws when either is missing.
 */
function span(file, first, last) {
  const lines = readFileSync(new URL(`../${file}`, import.meta.url), "utf8").split("\n");
  const from = lines.findIndex((line) => line.includes(first));
  const to = last === undefined ? from : lines.findIndex((line, index) => index > from && line.startsWith(last));
  if (from === -1 || to === -1) {
    throw new Error(`mutation-groups: ${file} no longer holds ${JSON.stringify(from === -1 ? first : last)}`);
  }
  return `${file}:${from + 1}-${to + 1}`;
}
export const GROUPS = {
  core: {
    // Spans: the checks themselves, not their messages, links, OpenAPI descriptions or docs.
    // Left out for time (CI gives the whole step 6 minutes): the client IP's parsing (client-ip.ts,
    // ip-bucket.ts), rate.ts's grammar, Basic authentication and the ETag's hashing.
    // A function: read only by stryker.config.mjs, before Stryker rewrites the files in place.
    mutate: () => [
      span("packages/core/src/throttling/check.ts", "function tighter(", "  return tightest ?"),
      "packages/core/src/throttling/throttles.ts",
      span(
        "packages/core/src/throttling/memory-store.ts",
        "  hit(key: string, limit: number",
        "  /** Drops the timestamps",
      ),
      span("packages/core/src/checks/check-configuration.ts", "function fieldListProblems(", "}"),
      span(
        "packages/core/src/auth/authenticators.ts",
        "    async authenticate(request): Promise<AuthResult | null> {",
        "    challenge: () => challenge,",
      ),
      span("packages/core/src/auth/authenticators.ts", "function credentialsFor(", "}"),
      span("packages/core/src/query/pagination.ts", "export function resolvePageSize(", "}"),
      span("packages/core/src/query/pagination.ts", "    async paginate<Row>(", "      const pageText ="),
      span("packages/core/src/query/cursor-pagination.ts", "function decodeCursor(", "}"),
      span("packages/core/src/http/etag.ts", "function opaqueTag(", "  return header.split"),
      "packages/core/src/viewsets/conditional.ts",
      span("packages/core/src/throttling/outage-policy.ts", "export function withOutagePolicy(", "}"),
    ],
    tests: {
      core: [
        "src/throttling/{check,throttles,memory-store,outage-policy}.test.ts",
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
    // A function: read only by stryker.config.mjs, before Stryker rewrites the files in place.
    mutate: () => [
      "packages/admin/src/server/**/csrf.ts",
      span("packages/admin/src/server/auth.ts", "export function assertCsrf(", "}"),
      span(
        "packages/admin/src/server/facets.ts",
        "return new Map([...params].filter(([key]) => !isOwnParam(key, name)));",
      ),
    ],
    tests: { admin: ["src/server/csrf.test.ts", "test/contract.mutation.ts"] },
    break: 84,
  },
  data: {
    mutate: () => ["packages/drizzle/src/**/outages.ts", "packages/better-auth/src/**/csrf.ts"],
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
