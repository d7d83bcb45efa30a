/** The one rule for a missing service: skip outside CI, however CI spells itself; fail inside it. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { inCI, skipOutsideCI } from "./services.js";

describe("inCI and skipOutsideCI", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it.each(["true", "1", "True", "TRUE", "yes", " true "])("counts CI=%j as CI: a missing service fails", (value) => {
    vi.stubEnv("CI", value);
    expect(inCI()).toBe(true);
    expect(skipOutsideCI("PostgreSQL is not running")).toBeUndefined();
  });

  it.each([undefined, "", "false", "0", "FALSE"])("counts CI=%j as a developer's run: it skips", (value) => {
    vi.stubEnv("CI", value);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(inCI()).toBe(false);
    expect(skipOutsideCI("PostgreSQL is not running")).toBe("PostgreSQL is not running");
    expect(warn).toHaveBeenCalledOnce();
    expect(skipOutsideCI(undefined)).toBeUndefined();
  });
});
