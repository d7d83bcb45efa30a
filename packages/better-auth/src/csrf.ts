/**
 * The CSRF token of a better-auth session: HMAC-SHA256 of the session's id under a key derived
 * from better-auth's secret. Bound to the session (a new sign-in makes a new one, sign-out ends
 * it) and checked without storage, so the REST API and the admin verify the same token, on any
 * instance of the app, from the secret alone. A site that cannot read the session's id or the
 * secret cannot make it; the session's id is never the token, and the token never opens a session.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** Keeps the CSRF key apart from every other use of the secret (cookie signatures above all). */
const PURPOSE = "viewsets.csrf-token.v1";

const keys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac("sha256", secret).update(PURPOSE).digest();
    // One secret per app, two during a rotation: the map never grows past a handful.
    if (keys.size > 16) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/** The session's CSRF token (43 URL-safe characters). */
export function csrfTokenFor(secret: string, sessionId: string): string {
  return createHmac("sha256", keyOf(secret)).update(sessionId).digest("base64url");
}

/**
 * Whether `sent` (the `X-CSRF-Token` header) is the session's token. Both sides are hashed first,
 * so the comparison takes the same time whatever the sent value's length or content.
 */
export function csrfTokenMatches(sent: string | undefined, secret: string, sessionId: string): boolean {
  if (typeof sent !== "string" || sent === "") return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(sent), digest(csrfTokenFor(secret, sessionId)));
}
