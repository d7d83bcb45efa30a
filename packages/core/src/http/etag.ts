/**
 * Weak entity tags: a hash of the JSON body a viewset answers with. Weak because they stand for the
 * representation's meaning, not its exact bytes on the wire (a compressing proxy may re-encode it).
 * `If-Match` compares them weakly as well: the tag a retrieve gave is what an update must send back.
 */

type HashText = (algorithm: string, data: string, encoding: "base64url") => string;

/**
 * Node's native one-shot hash, found at run time rather than imported (the core imports no `node:`
 * module): on a 6.5 KB list page it costs about half what the JavaScript hash below does.
 */
const nativeHash = (
  (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
    "node:crypto",
  ) as { hash?: HashText } | undefined
)?.hash;

/** cyrb53: a fast 53-bit string hash with good spread, where there is no native one; a tag, not a security boundary. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The weak ETag of a body: `W/"<hash>-<length>"`. */
export function weakETag(body: string): string {
  const digest = nativeHash ? nativeHash("sha1", body, "base64url") : hash53(body).toString(36);
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
