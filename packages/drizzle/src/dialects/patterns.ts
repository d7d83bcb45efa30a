/** Text patterns for the pattern lookups: LIKE and GLOB patterns with their wildcards escaped. */
/** The lookups that match text against a pattern. */
export type PatternLookup = "contains" | "icontains" | "startswith" | "istartswith" | "endswith" | "iendswith";

// An escape character that means the same whatever standard_conforming_strings says.
export const LIKE_ESCAPE = "!";

/**
 * Whether text can be matched as a pattern at all. SQLite reads LIKE and GLOB patterns as C
 * strings, up to the first NUL: "%\u0000%" would be "%", and match every row.
 */
export function isMatchableText(text: string): boolean {
  return !text.includes("\u0000");
}

function checkMatchable(text: string): void {
  if (!isMatchableText(text)) throw new RangeError("@viewsets/drizzle: a pattern cannot hold a NUL character");
}

/** Whether the lookup ignores case (`icontains`, `istartswith`, `iendswith`). */
export function isCaseInsensitive(lookup: PatternLookup): boolean {
  return lookup.startsWith("i");
}

function pattern(lookup: PatternLookup, escaped: string, any: string): string {
  if (lookup.endsWith("contains")) return `${any}${escaped}${any}`;
  if (lookup.endsWith("startswith")) return `${escaped}${any}`;
  return `${any}${escaped}`;
}

/** The LIKE pattern of a lookup, its text escaped with `LIKE_ESCAPE`. */
export function likePattern(lookup: PatternLookup, text: string): string {
  checkMatchable(text);
  const escaped = text.replace(/[!%_]/g, (char) => LIKE_ESCAPE + char);
  return pattern(lookup, escaped, "%");
}

/** The GLOB pattern of a lookup (SQLite). */
export function globPattern(lookup: PatternLookup, text: string): string {
  checkMatchable(text);
  // GLOB has no escape character: a special character is matched literally inside brackets.
  const escaped = text.replace(/[*?[]/g, (char) => `[${char}]`);
  return pattern(lookup, escaped, "*");
}
