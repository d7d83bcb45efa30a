/**
 * The UI's language and its words: the first of the browser's languages (`navigator.languages`,
 * which its Accept-Language follows) that the admin speaks, else English; `t(key, params)` reads
 * the catalog of that language, with counts in the language's plural forms and numbers in its style.
 */
import { singular } from "../../shared/words.js";
import type { Catalog, Key, Params, Plural } from "./catalog.js";
import { de } from "./de.js";
import { en } from "./en.js";

/** The languages the admin's UI speaks, by their primary subtag. */
export const CATALOGS: Readonly<Record<string, Catalog>> = { en, de };

/**
 * The locale to show: the first browser language whose primary subtag has a catalog, kept whole
 * ("de-CH" formats numbers as the Swiss do), else "en".
 */
export function pickLocale(languages: readonly string[]): string {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split("-")[0] ?? "";
    if (!Object.hasOwn(CATALOGS, primary)) continue;
    try {
      return Intl.getCanonicalLocales(tag)[0] ?? primary;
    } catch {
      return primary;
    }
  }
  return "en";
}

/** The browser's languages, best first; none where there is no browser (unit tests under Node). */
function browserLanguages(): readonly string[] {
  const browser = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  if (browser?.languages?.length) return browser.languages;
  return browser?.language ? [browser.language] : [];
}

/** The UI's locale ("de-DE", "en-GB"; `<html lang>` and every `Intl` format take it), and its language ("de", "en"). */
export const locale = pickLocale(browserLanguages());
export const language = locale.split("-")[0] ?? "en";

/** A translator for one locale: exported for tests, which read both languages in one process. */
export function translator(tag: string) {
  const catalog = CATALOGS[tag.split("-")[0] ?? "en"] ?? en;
  const plurals = new Intl.PluralRules(tag);
  const numbers = new Intl.NumberFormat(tag);
  const show = (value: string | number) => (typeof value === "number" ? numbers.format(value) : value);
  return <K extends Key>(key: K, ...[params]: Params<K>): string => {
    const entry: string | Plural = catalog[key];
    const values = (params ?? {}) as Readonly<Record<string, string | number>>;
    const text = typeof entry === "string" ? entry : (entry[plurals.select(Number(values.count))] ?? entry.other);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(values, name) ? show(values[name] as string | number) : whole,
    );
  };
}

/** The UI's words in its language: `t("actions.chosen", { count: 3 })` → "3 selected" / "3 ausgewählt". */
export const t = translator(locale);

/** Languages that write nouns with a capital: a model's label ("Products") keeps its own there. */
const CAPITALISED = new Set(["de"]);

/**
 * A model's label as the sentences around it take it: "product" and "products" in English,
 * "Product" and "Products" in German (the app's own names, as the server sends them).
 */
export function nouns(label: string): { singular: string; plural: string } {
  const one = singular(label);
  if (!CAPITALISED.has(language)) return { singular: one, plural: label.toLowerCase() };
  return { singular: one.charAt(0).toUpperCase() + one.slice(1), plural: label };
}

/** A field's label inside a sentence: "category" in English, "Category" where nouns keep their capital. */
export function inSentence(label: string): string {
  return CAPITALISED.has(language) ? label : label.toLowerCase();
}

/** "3 products", "1 product": a count of a model's records. */
export function records(count: number, label: string): string {
  return t("common.records", { count, ...nouns(label) });
}
