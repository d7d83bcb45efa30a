/**
 * The adapter contract on Express 4, which peerDependencies still declare: its body-parser 1
 * marks a parsed body with `_body` rather than ending the stream, a path of its own in toApiRequest.
 */
import { createRequire } from "node:module";
import { runAdapterContract, runAuthContract } from "@viewsets/core/testing";
import { describe, expect, it } from "vitest";
import { type ExpressModule, expressAdapter } from "./express-app.js";

// express4 is `npm:express@^4`: no types of its own, and the same API the adapter reads as Express 5's.
const require = createRequire(import.meta.url);
const express4 = require("express4") as ExpressModule;
const version = (require("express4/package.json") as { version: string }).version;

describe("the Express under test", () => {
  it("is Express 4", () => expect(version).toMatch(/^4\./));
});

const adapter = expressAdapter("express 4", express4);
runAdapterContract(adapter);
runAuthContract(adapter);
