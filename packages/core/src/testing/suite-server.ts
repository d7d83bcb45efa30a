/** A shared suite's server: one app served on the adapter under test for the suite's cases, and requests to it. */
import { afterAll, beforeAll, expect } from "vitest";
import type { Router } from "../router/router.js";
import type { AdapterContractOptions, ContractServer, ServeOptions } from "./contract-options.js";
import { fetchReply, type Reply, type Sent } from "./reply.js";

export const JSON_HEADERS: Readonly<Record<string, string>> = { "content-type": "application/json" };

/** A product every adapter must accept. */
export const validProduct = {
  name: "New lamp",
  price: "19.90",
  inStock: true,
  status: "draft",
  category: 2,
  notes: null,
};

/** The app a suite serves and its server's address, both known once its `beforeAll` ran. */
export interface SuiteServer<App> {
  readonly app: App;
  readonly base: string;
  call(method: string, path: string, sent?: Sent): Promise<Reply>;
  get(path: string, headers?: Record<string, string>): Promise<Reply>;
  /** A write: a string body as it is, anything else as JSON text, with `headers` (JSON's content type by default). */
  send(method: string, path: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
}

/** Serves `makeApp()`'s router for the cases of the describe block it is called in, and closes it after them. */
export function suiteServer<App extends { readonly router: Router }>(
  options: AdapterContractOptions,
  makeApp: () => App,
  serve: ServeOptions = {},
): SuiteServer<App> {
  let app: App | undefined;
  let server: ContractServer | undefined;
  beforeAll(async () => {
    app = makeApp();
    server = await options.serve(app.router, serve);
  });
  afterAll(() => server?.close());
  const base = () => server!.url;
  return {
    get app() {
      return app!;
    },
    get base() {
      return base();
    },
    call: (method, path, sent) => fetchReply(base() + path, method, sent),
    get: (path, headers) => fetchReply(base() + path, "GET", headers ? { headers } : {}),
    send: (method, path, body, headers = JSON_HEADERS) =>
      fetchReply(base() + path, method, { body: typeof body === "string" ? body : JSON.stringify(body), headers }),
  };
}

/** Serves `router` on the adapter under test while `run` runs with its address, then closes it. */
export async function whileServed<T>(
  options: AdapterContractOptions,
  router: Router,
  run: (url: string) => Promise<T>,
  serve: ServeOptions = {},
): Promise<T> {
  const server = await options.serve(router, serve);
  try {
    return await run(server.url);
  } finally {
    await server.close();
  }
}

/** An RFC 9457 problem+json answer of `status`, with its title and detail. */
export function expectProblem(reply: Reply, status: number): void {
  expect(reply.status).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/problem+json");
  expect(reply.json).toMatchObject({ type: "about:blank", status });
  expect(typeof reply.json.title).toBe("string");
  expect(typeof reply.json.detail).toBe("string");
}

/** HEAD on `path` answers GET's status, type and length, and no body. */
export async function expectHeadLikeGet(base: string, path: string): Promise<void> {
  const get = await fetch(base + path);
  const length = (await get.arrayBuffer()).byteLength;
  expect(get.status, path).toBe(200);
  const head = await fetch(base + path, { method: "HEAD" });
  expect(head.status, path).toBe(200);
  expect(head.headers.get("content-length"), path).toBe(String(length));
  expect(head.headers.get("content-type"), path).toBe(get.headers.get("content-type"));
  expect((await head.arrayBuffer()).byteLength, path).toBe(0);
}
