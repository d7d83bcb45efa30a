import { describe, expect, it } from "vitest";
import { PresetError, resolveDatePreset } from "./date-presets.js";

const at = (iso: string) => new Date(iso);

describe("date presets", () => {
  it("resolve in the named zone as half-open ranges of instants", () => {
    // 10:00 UTC is 11:00 in Berlin on 2026-01-15.
    const now = at("2026-01-15T10:00:00Z");
    expect(resolveDatePreset("today", "Europe/Berlin", now, "time")).toEqual({
      gte: "2026-01-14T23:00:00.000Z",
      lt: "2026-01-15T23:00:00.000Z",
    });
    expect(resolveDatePreset("yesterday", "UTC", now, "time")).toEqual({
      gte: "2026-01-14T00:00:00.000Z",
      lt: "2026-01-15T00:00:00.000Z",
    });
    expect(resolveDatePreset("last_7_days", "UTC", now, "time")).toEqual({
      gte: "2026-01-09T00:00:00.000Z",
      lt: "2026-01-16T00:00:00.000Z",
    });
    expect(resolveDatePreset("last_30_days", "UTC", now, "date")).toEqual({ gte: "2025-12-17", lt: "2026-01-16" });
  });

  it("give a day of 23 hours when the clocks go forward, and 25 when they go back", () => {
    const spring = resolveDatePreset("today", "Europe/Berlin", at("2026-03-29T10:00:00Z"), "time");
    expect(spring).toEqual({ gte: "2026-03-28T23:00:00.000Z", lt: "2026-03-29T22:00:00.000Z" });
    const autumn = resolveDatePreset("today", "Europe/Berlin", at("2026-10-25T10:00:00Z"), "time");
    expect(autumn).toEqual({ gte: "2026-10-24T22:00:00.000Z", lt: "2026-10-25T23:00:00.000Z" });
  });

  it("start a day whose midnight the clocks skip at the end of the gap", () => {
    // Santiago moves from -04:00 to -03:00 at midnight on 2026-09-06: that day begins at 01:00 local.
    const day = resolveDatePreset("today", "America/Santiago", at("2026-09-06T15:00:00Z"), "time");
    expect(day.gte).toBe("2026-09-06T04:00:00.000Z");
    expect(day.lt).toBe("2026-09-07T03:00:00.000Z");
  });

  it("read the date where the zone is, a day ahead of UTC at +14:00", () => {
    const now = at("2026-02-28T11:00:00Z"); // already 1 March 01:00 in Kiritimati
    expect(resolveDatePreset("today", "Pacific/Kiritimati", now, "date")).toEqual({
      gte: "2026-03-01",
      lt: "2026-03-02",
    });
    expect(resolveDatePreset("this_month", "Pacific/Kiritimati", now, "time")).toEqual({
      gte: "2026-02-28T10:00:00.000Z",
      lt: "2026-03-31T10:00:00.000Z",
    });
    expect(resolveDatePreset("last_month", "UTC", now, "date")).toEqual({ gte: "2026-01-01", lt: "2026-02-01" });
  });

  it("cover months and years across their ends", () => {
    const now = at("2026-01-10T12:00:00Z");
    expect(resolveDatePreset("last_month", "UTC", now, "date")).toEqual({ gte: "2025-12-01", lt: "2026-01-01" });
    expect(resolveDatePreset("this_year", "UTC", now, "date")).toEqual({ gte: "2026-01-01", lt: "2027-01-01" });
  });

  it("refuse a token that is not a preset", () => {
    for (const token of ["someday", "", "TODAY", "__proto__", "constructor"]) {
      expect(() => resolveDatePreset(token, "UTC", new Date(), "time")).toThrow(PresetError);
    }
  });
});
