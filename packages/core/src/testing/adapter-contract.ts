/** The adapter contract: one suite of routes, statuses, headers and bodies every adapter runs on a real server. */
import { describe } from "vitest";
import { sendJSON } from "../http/respond.js";
import { badInputCases } from "./contract-bad-input.js";
import { editCases } from "./contract-edits.js";
import { mountingCases, pages } from "./contract-mounting.js";
import type { AdapterContractOptions } from "./contract-options.js";
import { readCases } from "./contract-reads.js";
import { rootCases } from "./contract-root.js";
import { contractApp } from "./fixtures.js";
import { runHttpContract } from "./http-contract.js";
import { runProxyContract } from "./proxy-contract.js";
import { runSerializerContract } from "./serializer-contract.js";
import { casesOf } from "./skips.js";
import { suiteServer } from "./suite-server.js";
import { runWritesContract } from "./writes-contract.js";

/**
 * The behaviour every adapter must share, byte for byte. Each adapter's test file calls this
 * with a function that serves a router on its framework; `options.skip` names the cases it
 * leaves out, each with its reason.
 */
export function runAdapterContract(options: AdapterContractOptions): void {
  runSerializerContract(options);
  runWritesContract(options);
  describe(`adapter contract: ${options.name}`, () => {
    const it = casesOf(options);
    const c = suiteServer(options, contractApp, {
      handlers: { "/plain-handler": async () => sendJSON(200, { plain: true }) },
      mounts: [pages],
    });
    readCases(c, it);
    editCases(c, it);
    badInputCases(c, it);
    mountingCases(c, it, options);
    rootCases(c, it, options);
  });
  runHttpContract(options);
  runProxyContract(options);
}
