/** One request to a test's server, its answer read whole: the one fetch-and-parse every suite uses. */

/** An answer as a test reads it: status, headers, the body as text and as JSON (undefined when it is not JSON). */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: any;
}

/** What a request sends: headers, and a body (a string or bytes as they are, anything else as JSON). */
export interface Sent {
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** `manual` to read a redirect itself instead of following it. */
  readonly redirect?: "follow" | "manual" | "error";
}

function bodyOf(body: unknown): string | Uint8Array | undefined {
  if (body === undefined || typeof body === "string" || body instanceof Uint8Array) return body;
  return JSON.stringify(body);
}

/** `fetch`, then the whole answer: a JSON body (not a string or bytes) goes with `Content-Type: application/json`. */
export async function fetchReply(url: string, method = "GET", sent: Sent = {}): Promise<Reply> {
  const body = bodyOf(sent.body);
  const json = body !== sent.body;
  const headers = json ? { "content-type": "application/json", ...sent.headers } : sent.headers;
  const response = await fetch(url, { method, headers, body, ...(sent.redirect && { redirect: sent.redirect }) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: parsedJSON(text) };
}

/** The JSON of a body, or undefined when it is empty or not JSON. */
export function parsedJSON(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
