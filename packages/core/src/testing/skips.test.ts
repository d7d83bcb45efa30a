import { afterAll, describe, expect } from "vitest";
import { casesOf } from "./skips.js";

describe("casesOf, the suites' skips", () => {
  const ran: string[] = [];
  const it = casesOf({ skip: [{ reason: "this store has no clock", tests: ["left out", "also left out"] }] });
  it("left out", () => void ran.push("left out"));
  it("kept", () => void ran.push("kept"));
  it("also left out", () => void ran.push("also left out"));
  afterAll(() => expect(ran).toEqual(["kept"]));

  const plain = casesOf({});
  plain("runs every case when nothing is skipped", () => expect(ran).toEqual(["kept"]));
});
