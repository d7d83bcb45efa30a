/** The HTTP contract's server: the contract app with the failures its router logged, and raw requests to it. */
import { contractApp, type ContractApp } from "./fixtures.js";
import { fetchReply } from "./reply.js";
import type { SuiteServer } from "./suite-server.js";

export const ORIGIN = "https://app.example";
export const PRODUCT = { name: "Form lamp", price: "19.90", inStock: true, status: "draft", category: 2, notes: null };

/** A request to `url + path` with `headers` and a text `body` as they are. */
export function callAt(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return fetchReply(url + path, method, { headers, body });
}

/** The app of the HTTP suite: the contract's, with the failures its router logged and a page of HTML. */
export type HttpApp = ContractApp & { readonly failures: unknown[] };

/** The HTTP suite's server. */
export type HttpSuite = SuiteServer<HttpApp>;

export function httpApp(): HttpApp {
  const failures: unknown[] = [];
  const app = contractApp({ onError: (error) => failures.push(error), allowedHosts: ["127.0.0.1", ".example.com"] });
  app.router.action("pages", "page", { urlPath: "page.html" }, () => ({
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8" },
    body: "<!doctype html><p>Héllo ☕</p>",
  }));
  return { ...app, failures };
}
