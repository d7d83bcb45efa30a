import { describe, expect, it } from "vitest";
import { DATE_PRESETS } from "../src/shared/date-presets.js";
import { resolveDatePreset } from "../src/server/date-presets.js";
import { isoDay } from "../src/ui/format.js";
import { localPresetDays, presetLabel } from "../src/ui/widgets/date-presets.js";

// The UI shows the days a preset covers in the browser's zone; the server resolves the token in
// the `tz` the UI sends. Both read one calendar (src/shared/date-presets.ts): they must agree.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe("date presets, UI and server", () => {
  const instants = ["2026-01-15T10:00:00Z", "2026-03-01T00:30:00Z", "2024-02-29T12:00:00Z", "2026-12-31T23:30:00Z"];
  for (const instant of instants) {
    it(`name the same days at ${instant}`, () => {
      const now = new Date(instant);
      for (const token of DATE_PRESETS) {
        const [first, last] = localPresetDays(token, now)!;
        const { gte, lt } = resolveDatePreset(token, zone, now, "date");
        const after = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
        expect([token, isoDay(first), isoDay(after)]).toEqual([token, gte, lt]);
      }
    });
  }

  it("names each preset for people and leaves an unknown token as it is", () => {
    expect(presetLabel("last_7_days")).toBe("Last 7 days");
    expect(presetLabel("next_week")).toBe("next_week");
    expect(localPresetDays("next_week")).toBeNull();
  });
});
