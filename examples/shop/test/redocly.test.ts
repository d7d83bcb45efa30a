/**
 * redocly lint on the shop's document, with the committed configuration (`redocly.yaml`: the
 * recommended rules, and the reason for each one turned off): no error and no warning.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { openapi } from "../src/document.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const run = promisify(execFile);

describe("redocly lint", () => {
  it("finds no problem in the shop's document", async () => {
    const directory = mkdtempSync(join(tmpdir(), "viewsets-redocly-"));
    try {
      const file = join(directory, "openapi.json");
      writeFileSync(file, JSON.stringify(openapi.generate()));
      const redocly = join(root, "node_modules", ".bin", "redocly");
      const { stdout } = await run(redocly, ["lint", file, "--config", join(root, "redocly.yaml"), "--format=json"], {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
      const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
