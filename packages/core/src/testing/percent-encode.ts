/** Text percent-encoded as a client sends it in a URL, for the fuzz suites' queries and paths. */

const encoder = new TextEncoder();

/**
 * Text as a client percent-encodes it: its UTF-8 bytes, every one but `A-Za-z0-9_.~-` as `%XX`
 * (encodeURIComponent throws on an unpaired surrogate; an encoder writes U+FFFD for it instead).
 */
export function percentEncode(text: string): string {
  let out = "";
  for (const byte of encoder.encode(text)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
