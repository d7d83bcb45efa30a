/** The adapter contract on Koa 2, which peerDependencies still declare. */
import { createRequire } from "node:module";
import { runAdapterContract, runAuthContract } from "@viewsets/core/testing";
import { describe, expect, it } from "vitest";
import { type KoaClass, koaAdapter } from "./koa-app.js";

// koa2 is `npm:koa@^2`: typed as Koa 3, whose API the adapter reads the same way.
const require = createRequire(import.meta.url);
const Koa2 = require("koa2") as KoaClass;
const version = (require("koa2/package.json") as { version: string }).version;

describe("the Koa under test", () => {
  it("is Koa 2", () => expect(version).toMatch(/^2\./));
});

const adapter = koaAdapter("koa 2", Koa2);
runAdapterContract(adapter);
runAuthContract(adapter);
