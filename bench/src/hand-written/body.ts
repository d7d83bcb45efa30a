/** The strongest hand-written handlers' JSON body reader, straight from Node's request stream. */
import type { IncomingMessage } from "node:http";

/**
 * The request's JSON body read straight from Node's stream, as the viewset's adapters read it
 * (its `data` and `end` events): the strongest a handler can do on each framework (Express's
 * `express.json()` and Hono's `c.req.json()` add their own layers; finding 29 in bench/HISTORY.md).
 * Undefined when malformed.
 */
export function readJSON(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("error", () => resolve(undefined));
    req.once("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        resolve(undefined);
      }
    });
  });
}
