/** The admin's CSRF token check, in constant time. */
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether the `X-CSRF-Token` a request sent is the session's token. Both sides are hashed first,
 * so the comparison takes the same time whatever the sent value's length or content.
 */
export function csrfTokenMatches(sent: string | readonly string[] | undefined, expected: string): boolean {
  if (typeof sent !== "string" || sent === "" || expected === "") return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}
