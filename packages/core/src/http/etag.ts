/**
 * Weak entity tags: a hash of the JSON body a viewset answers with. Weak because they stand for the
 * representation's meaning, not its exact bytes on the wire (a compressing proxy may re-encode it).
 * `If-Match` compares them weakly as well: the tag a retrieve gave is what an update must send back.
 */

type HashText = (algorithm: string, data: string, encoding: "base64url") => string;

/** Node's native one-shot hash, found at run time rather than imported (the core imports no `node:` module). */
const nativeHash = (
  (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
    "node:crypto",
  ) as { hash?: HashText } | undefined
)?.hash;

/**
 * Bodies up to this many characters (a record, a short page) are tagged by `hash64`, longer ones by
 * a SHA-1. Over HTTP a SHA-1 call costs ~5 µs per request beyond its 0.4 µs in a hot loop (its
 * code, OpenSSL's, is cold again by the next request), `hash64` ~2; per character the SHA-1 is
 * twice as fast (0.6 against 1.4 ns), which wins from a few KB on (BENCHMARKS.md, finding 20).
 */
const SHORT_BODY = 2048;

/**
 * Two 32-bit multiplicative lanes over the UTF-16 code units (FNV-1a's step with different odd
 * multipliers), mixed at the end: a 64-bit tag, not a security boundary (@fastify/etag advises
 * its 32-bit FNV-1a for bodies under 2 KB; Next.js tags pages with a 52-bit one). Written as two
 * unsigned 32-bit numbers joined by a dot: a 53-bit double's `toString(36)` takes V8's slow path,
 * and base64url never holds a dot, so the two kinds of tag cannot meet.
 */
function hash64(text: string): string {
  let h1 = 0xdeadbeef | 0;
  let h2 = 0x41c6ce57 | 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 0x9e3779b1);
    h2 = Math.imul(h2 ^ code, 0x5f356495);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0x85ebca6b) ^ Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35);
  return `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}`;
}

/** The weak ETag of a body: `W/"<hash>-<length>"`. */
export function weakETag(body: string): string {
  const digest = body.length > SHORT_BODY && nativeHash ? nativeHash("sha1", body, "base64url") : hash64(body);
  return `W/"${digest}-${body.length.toString(36)}"`;
}

function opaqueTag(tag: string): string {
  const trimmed = tag.trim();
  return trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed;
}

/**
 * Whether an `If-None-Match` or `If-Match` header names `etag`, by weak comparison (RFC 9110
 * §8.8.3.2); `*` names any current representation.
 */
export function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  const wanted = opaqueTag(etag);
  return header.split(",").some((tag) => opaqueTag(tag) === wanted);
}
