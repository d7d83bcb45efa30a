// Starts an Express app on a free port for a test, and sends it JSON.
import type { AddressInfo } from "node:net";
import type { Mountable } from "@viewsets/core";
import { registerRoutes } from "@viewsets/express";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import type { LibraryAuth } from "../src/auth.js";

/** Serves better-auth and the mountables (a router, the admin); answers the base URL, e.g. http://127.0.0.1:41234. */
export async function serve(auth: LibraryAuth, ...mountables: Mountable[]): Promise<string> {
  const app = express();
  app.all("/api/auth/*splat", toNodeHandler(auth));
  for (const mountable of mountables) registerRoutes(mountable, app);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  server.unref(); // the test process ends when its tests do
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Sends JSON (when a body is given) and answers the status and the parsed body. */
export async function call(url: string, method = "GET", body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? null : JSON.parse(text), headers: response.headers };
}
