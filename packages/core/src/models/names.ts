/**
 * The names a model goes by in documents and messages: `Product` for a component, "product" in a
 * sentence ("Create a product"). DRF takes them from the model's `verbose_name`; a drizzle table is
 * named in the plural (`products`), so `tableModel` makes a singular of it (`names.test.ts`).
 */

// Words whose plural is the same word.
const UNCOUNTED: ReadonlySet<string> = new Set(["news", "series", "species", "status", "data", "media"]);

/** The singular of one English word, by the rules that cover table names; any other word as it is. */
export function singularOf(word: string): string {
  if (UNCOUNTED.has(word.toLowerCase())) return word;
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}${word.at(-3) === "I" ? "Y" : "y"}`;
  if (/(ss|sh|ch|x|z)es$/i.test(word)) return word.slice(0, -2);
  if (/[^su]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

/** The words of an identifier: `price_changes`, `priceChanges` and `PriceChanges` are "price changes". */
export function wordsOf(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => word.toLowerCase());
}

/** The singular of an identifier's last word: `price_changes` is `price_change`, `categories` is `category`. */
export function singularIdentifier(identifier: string): string {
  const match = /([A-Za-z]+)$/.exec(identifier);
  if (!match) return identifier;
  return identifier.slice(0, match.index) + singularOf(match[1]!);
}

export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== "")
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}

/** A model's name in a sentence: its `verboseName`, else its name in words ("PriceChange" is "price change"). */
export function verboseNameOf(model: { readonly name: string; readonly verboseName?: string | undefined }): string {
  return model.verboseName ?? wordsOf(model.name).join(" ");
}

/** "a product", "an order": the indefinite article by the first letter (a vowel takes "an"). */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}
