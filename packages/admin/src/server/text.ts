/** Text rules of the admin's own inputs (saved views, sign-in), the REST API's rules for fields. */

/**
 * A string's length in characters (code points), as JSON Schema's `maxLength` and DRF count: an
 * emoji is one character, though it is two UTF-16 units in `text.length`.
 */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** A mount path as the admin keeps it: one leading slash, no trailing one (`admin/` → `/admin`). */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}
