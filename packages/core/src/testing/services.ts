/** Whether a suite may skip for a missing service: the one rule (never in CI), and Chromium's probe. */
import { existsSync } from "node:fs";

/**
 * Whether this is CI's run: `CI` set to anything but empty, `false` or `0` (`true`, `1`, `True`, as
 * each CI service spells it). There a missing service fails its suite instead of skipping it.
 */
export function inCI(): boolean {
  const value = process.env.CI?.trim().toLowerCase();
  return value !== undefined && value !== "" && value !== "false" && value !== "0";
}

/**
 * The reason a suite skips when what it needs is `unavailable`: that reason outside CI (said once
 * on the console), undefined in CI or when nothing is missing, so the suite runs (and fails there).
 */
export function skipOutsideCI(unavailable: string | undefined): string | undefined {
  if (unavailable === undefined || inCI()) return undefined;
  console.warn(`Skipping a suite: ${unavailable} (with CI=true it fails instead).`);
  return unavailable;
}

/** Debian's Chromium, as CI installs it (never `playwright install`); CHROMIUM_PATH names another. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Why the browser suites skip here, or undefined (Chromium is there, or this is CI). */
export function chromiumSkipReason(): string | undefined {
  return skipOutsideCI(existsSync(CHROMIUM) ? undefined : `Chromium is not installed at ${CHROMIUM}`);
}
