import type { IncomingMessage } from "node:http";

/**
 * The request's JSON body read straight from Node's stream, as the viewset's adapters read it:
 * the strongest a handler can do on each framework (Express's `express.json()` and Hono's
 * `c.req.json()` add their own layers; finding 29 in BENCHMARKS.md). Undefined when malformed.
 */
export async function readJSON(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}
