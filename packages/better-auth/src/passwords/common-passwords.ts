/**
 * The common passwords Django's CommonPasswordValidator refuses: Django's own list (BSD licence,
 * data/common-passwords.NOTICE), read once on first use.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

let shipped: ReadonlySet<string> | undefined;

/** The shipped list, lower case. The file sits beside src/ and dist/ alike. */
export function commonPasswords(): ReadonlySet<string> {
  if (!shipped) {
    const bytes = readFileSync(new URL("../../data/common-passwords.txt.gz", import.meta.url));
    shipped = new Set(
      gunzipSync(bytes)
        .toString("utf8")
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    );
  }
  return shipped;
}
