/** A test client of the admin's API: one signed-in person, their cookie and CSRF token. */
import { fetchReply, type Reply } from "@viewsets/core/testing";
export type { Reply } from "@viewsets/core/testing";

/** A request of the admin's tests: a body is JSON unless said otherwise, and redirects are read, not followed. */
export function call(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const json: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
  return fetchReply(url, method, { body, headers: { ...json, ...headers }, redirect: "manual" });
}

export class AdminClient {
  cookie = "";
  csrfToken = "";

  constructor(
    readonly base: string,
    readonly apiPath = "/admin/api",
  ) {}

  async signIn(username: string, password: string, headers: Record<string, string> = {}): Promise<Reply> {
    const reply = await call(`${this.base}${this.apiPath}/session`, "POST", { username, password }, headers);
    if (reply.status === 200) {
      this.cookie = (reply.headers.get("set-cookie") ?? "").split(";")[0]!;
      this.csrfToken = reply.json.csrfToken;
    }
    return reply;
  }

  /** A request with the session cookie and, for writes, the CSRF token (unless `csrf` is false). */
  request(method: string, path: string, body?: unknown, options: { csrf?: boolean } = {}): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== "GET" && options.csrf !== false && this.csrfToken) headers["x-csrf-token"] = this.csrfToken;
    return call(`${this.base}${this.apiPath}${path}`, method, body, headers);
  }

  get(path: string): Promise<Reply> {
    return this.request("GET", path);
  }
}

/**
 * A request naming `host` in its Host header (fetch will not send a forged one), answered before
 * the client closes its side: unlike a raw socket's half-close, a slow answer (PostgreSQL) still
 * arrives.
 */
export async function callWithHost(
  url: string,
  method: string,
  host: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Reply> {
  const { request } = await import("node:http");
  const text = body === undefined ? undefined : JSON.stringify(body);
  const sent = { ...headers, host, ...(text === undefined ? {} : { "content-type": "application/json" }) };
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers: sent }, (incoming) => {
      let answer = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (chunk: string) => {
        answer += chunk;
      });
      incoming.on("end", () => {
        let json: unknown;
        try {
          json = answer === "" ? undefined : JSON.parse(answer);
        } catch {
          json = undefined;
        }
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
        }
        resolve({ status: incoming.statusCode ?? 0, headers: responseHeaders, text: answer, json });
      });
    });
    outgoing.on("error", reject);
    outgoing.end(text);
  });
}
