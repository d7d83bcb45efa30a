/**
 * `?ordering=-price,name` (or `?ordering=-price&ordering=name`): unknown or non-orderable fields are ignored, and the primary key
 * always ends the order so that pages are stable.
 */
export function resolveOrdering(
  param: readonly string[] | undefined,
  orderable: ReadonlySet<string>,
  defaultOrdering: readonly string[],
  primaryKey: string,
): string[] {
  // `ordering=-price,name`, or the repeated keys generated clients send for an array.
  const requested = param?.length ? parseTerms(param.join(","), orderable) : [];
  const terms = requested.length > 0 ? requested : parseTerms(defaultOrdering.join(","), orderable);
  if (!terms.some((term) => fieldOf(term) === primaryKey)) terms.push(primaryKey);
  return terms;
}

export function fieldOf(term: string): string {
  return term.startsWith("-") ? term.slice(1) : term;
}

function parseTerms(text: string, orderable: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const raw of text.split(",", 20)) {
    const term = raw.trim();
    const field = fieldOf(term);
    if (!orderable.has(field) || seen.has(field)) continue;
    seen.add(field);
    terms.push(term);
  }
  return terms;
}
