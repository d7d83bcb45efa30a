/** The lookups that match text against a pattern. */
export type PatternLookup = "contains" | "icontains" | "startswith" | "istartswith" | "endswith" | "iendswith";

// An escape character that means the same whatever standard_conforming_strings says.
export const LIKE_ESCAPE = "!";

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
  const escaped = text.replace(/[!%_]/g, (char) => LIKE_ESCAPE + char);
  return pattern(lookup, escaped, "%");
}

/** The GLOB pattern of a lookup (SQLite). */
export function globPattern(lookup: PatternLookup, text: string): string {
  // GLOB has no escape character: a special character is matched literally inside brackets.
  const escaped = text.replace(/[*?[]/g, (char) => `[${char}]`);
  return pattern(lookup, escaped, "*");
}
