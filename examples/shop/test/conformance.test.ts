/**
 * The conformance suite: requests generated with fast-check from the shop's OpenAPI document, for
 * every operation, sent to the shop on each framework, and each answer judged by the document, as
 * Schemathesis judges an API:
 *
 * - not a server error: nothing answers 5xx;
 * - status and media type conformance: every status is one the operation lists, with a media type
 *   listed for it, and every JSON body validates against its schema (ajv, OpenAPI 3.0's nullable);
 * - positive data acceptance: a request valid by the document is not refused with a 400, unless
 *   each field the 400 names documents a rule of its own (an existing row, a unique value, ...);
 * - negative data rejection: a request the document says is invalid is not accepted (no 2xx);
 * - a 2xx write reads back: the record a retrieve shows is the one the write answered;
 * - security: the shop runs with its users, as `pnpm start` serves it, and each request is sent
 *   anonymously, with a token that is none, or as the customer, the editor or the admin. An
 *   operation whose `security` does not allow anonymous requests never does the work for them
 *   (a valid one is a 401), and the admin (who may do everything) is never answered 401 or 403.
 *
 * CONFORMANCE_RUNS sets the requests per operation (fast-check's numRuns; 400 by default), and
 * CONFORMANCE_SEED replays a run that failed (fast-check prints its seed).
 */
import fc from "fast-check";
import type { OperationObject, SchemaObject } from "@viewsets/core/docs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../src/document.js";
import { FRAMEWORKS } from "../src/serve.js";
import { type DrawnRequest, requestsTo } from "./conformance/requests.js";
import { type DemoUser, type RunningShop, startShop, tempDirectory } from "./helpers.js";
import { DocumentCheck, type Method } from "./openapi-check.js";

const RUNS = Number(process.env.CONFORMANCE_RUNS ?? 400);
const SEED = process.env.CONFORMANCE_SEED === undefined ? undefined : Number(process.env.CONFORMANCE_SEED);
const PREFIX = "/api/v1";

const document = openapi.generate();
const check = new DocumentCheck(document);
const resolve = (schema: SchemaObject) => check.resolve<SchemaObject>(schema);

/** Who sends a request: nobody, a token no session has, or a seeded user (the admin most often, so writes happen). */
type Sender = DemoUser | "anonymous" | "unknown token";
const SENDERS: readonly Sender[] = [
  "anonymous",
  "unknown token",
  "customer",
  "editor",
  ...Array<Sender>(5).fill("admin"),
];

/**
 * Whether an operation's `security` lets a request without credentials through: none declared, `security: []`
 * (OpenAPI's "no security", which the document's schema routes say), or an empty requirement among others.
 */
const allowsAnonymous = (operation: OperationObject) =>
  operation.security === undefined ||
  operation.security.length === 0 ||
  operation.security.some((requirement) => Object.keys(requirement).length === 0);

interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
}

/** The field a 400's `errors` key names: `name`, or `name` of a bulk create's `1.name`. */
const fieldOf = (key: string) => key.replace(/^\d+\./, "");

/**
 * The request body's properties that document a rule beyond their schema (`description`: an
 * existing row, a unique value, a rule of the whole record): a 400 on a valid request may name these.
 */
function documentedRules(operation: OperationObject): Set<string> {
  const body = check.requestBody(operation);
  const rules = new Set<string>();
  for (const content of Object.values(body?.content ?? {})) {
    const schemas = [resolve(content.schema as SchemaObject)];
    for (const schema of schemas) {
      for (const branch of (schema.oneOf as SchemaObject[] | undefined) ?? []) {
        schemas.push(resolve(branch.type === "array" ? (branch.items as SchemaObject) : branch));
      }
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, SchemaObject>)) {
        if (typeof resolve(property).description === "string") rules.add(name);
      }
    }
  }
  return rules;
}

/** The retrieve path of the resource an operation belongs to, if the document has one. */
function retrievePath(path: string): string | undefined {
  const resource = path.slice(PREFIX.length + 1).split("/")[0];
  const retrieve = `${PREFIX}/${resource}/{id}`;
  return document.paths[retrieve]?.get ? retrieve : undefined;
}

describe.each(FRAMEWORKS)("the shop on %s conforms to its document", (framework) => {
  const data = tempDirectory();
  let shop: RunningShop;
  let origin: string;
  const ids = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const tally = { requests: 0, valid: 0, statuses: new Map<number, number>() };

  beforeAll(async () => {
    shop = await startShop(framework, data.path, { users: true });
    origin = new URL(shop.api).origin;
  });
  afterAll(async () => {
    await shop.close();
    data.remove();
    const statuses = [...tally.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.info(
      `conformance on ${framework}: ${tally.requests} requests, ${tally.valid} valid by the document; ${statuses.join(" ")}`,
    );
  });

  /** The ids a create answered: later operations draw from them too (a new category can be deleted). */
  function remember(text: string): void {
    const created = JSON.parse(text) as { id?: unknown } | { id?: unknown }[];
    for (const record of Array.isArray(created) ? created : [created]) {
      if (typeof record.id === "number" && !ids.includes(record.id)) ids.push(record.id);
    }
  }

  function credentials(sender: Sender): Record<string, string> {
    if (sender === "anonymous") return {};
    const token = sender === "unknown token" ? "no-session-has-this-token" : shop.tokens[sender];
    return { authorization: `Bearer ${token}` };
  }

  async function send(method: Method, request: DrawnRequest, sender: Sender): Promise<Answer> {
    const response = await fetch(`${origin}${request.url}`, {
      method: method.toUpperCase(),
      headers: { ...request.headers, ...credentials(sender) },
      body: request.body ?? null,
    });
    return { status: response.status, contentType: response.headers.get("content-type"), text: await response.text() };
  }

  /** A 2xx write's records, read back by their retrieve: the same objects. */
  async function readBack(path: string, method: Method, answer: Answer): Promise<string[]> {
    const retrieve = retrievePath(path);
    if (!retrieve || method === "get" || answer.status === 204) return [];
    const answered = JSON.parse(answer.text) as unknown;
    const records = (Array.isArray(answered) ? answered : [answered]) as Record<string, unknown>[];
    const problems: string[] = [];
    for (const record of records) {
      if (typeof record?.id !== "number") continue;
      const stored = await fetch(`${origin}${retrieve.replace("{id}", String(record.id))}`);
      const shown = await stored.json();
      if (JSON.stringify(shown) !== JSON.stringify(record)) {
        problems.push(
          `read back ${JSON.stringify(shown).slice(0, 200)} != answered ${JSON.stringify(record).slice(0, 200)}`,
        );
      }
    }
    return problems;
  }

  /** Everything wrong with one answer by the document; empty when it conforms. */
  async function judge(
    path: string,
    method: Method,
    operation: OperationObject,
    request: DrawnRequest,
    sender: Sender,
    answer: Answer,
  ) {
    const problems: string[] = [];
    if (answer.status >= 500) problems.push(`a server error: ${answer.status} ${answer.text.slice(0, 200)}`);
    // Without the credentials the document asks for, nothing is done; a request valid by the
    // document is a 401, unless no answer it accepts can be given (406: DRF negotiates the media
    // type before it authenticates). An invalid id or body may be a 404 or 400 first.
    if (sender === "anonymous" && !allowsAnonymous(operation)) {
      const refused = answer.status === 401 || (answer.status === 406 && request.invalid.length === 0);
      if (answer.status < 300 || (request.invalid.length === 0 && !refused)) {
        problems.push(`answered ${answer.status} without the credentials the document asks for`);
      }
    }
    if (sender === "admin" && (answer.status === 401 || answer.status === 403)) {
      problems.push(`refused the admin, who may do everything: ${answer.status}`);
    }
    problems.push(...check.answerProblems(operation, answer.status, answer.contentType, answer.text));
    const ok = answer.status >= 200 && answer.status < 300;
    if (request.invalid.length > 0 && ok) {
      problems.push(`accepted a request the document refuses (${request.invalid.join(" | ").slice(0, 300)})`);
    }
    if (request.invalid.length === 0 && answer.status === 400) {
      const errors = Object.keys((JSON.parse(answer.text) as { errors?: object }).errors ?? { "(none)": 1 });
      const rules = documentedRules(operation);
      const undocumented = errors.filter((key) => !rules.has(fieldOf(key)));
      if (undocumented.length > 0) problems.push(`refused a valid request: ${answer.text.slice(0, 300)}`);
    }
    if (ok && problems.length === 0 && method !== "get") problems.push(...(await readBack(path, method, answer)));
    return problems;
  }

  for (const { path, method, operation } of check.operations()) {
    it(`${method.toUpperCase()} ${path}`, async () => {
      const statuses = new Map<number, number>();
      let valid = 0;
      await fc.assert(
        fc.asyncProperty(
          requestsTo(path, operation, check, resolve, ids),
          fc.constantFrom(...SENDERS),
          async (request, sender) => {
            const answer = await send(method, request, sender);
            if (answer.status === 201) remember(answer.text);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
            tally.requests++;
            if (request.invalid.length === 0) {
              valid++;
              tally.valid++;
            }
            const problems = await judge(path, method, operation, request, sender, answer);
            if (problems.length > 0) {
              throw new Error(
                `${method.toUpperCase()} ${request.url} as ${sender} ${JSON.stringify(request.headers)} ${request.body?.slice(0, 300) ?? ""}\n→ ${answer.status}: ${problems.join("\n")}`,
              );
            }
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      // The requests reached the operation: some valid ones among them, and some of them answered 2xx.
      expect(valid, `valid requests to ${method} ${path}`).toBeGreaterThan(0);
      expect(
        [...statuses.keys()].some((status) => status < 300 || status === 304),
        [...statuses].join(" "),
      ).toBe(true);
    }, 120_000);
  }
});
