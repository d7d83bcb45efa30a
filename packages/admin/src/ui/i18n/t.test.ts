/** The catalogs (every key in every language, plural forms, placeholders), `t` and the choice of language. */
import { describe, expect, it } from "vitest";
import type { Plural } from "./catalog.js";
import { CATALOGS, pickLocale, translator } from "./t.js";
import { en } from "./en.js";

type Entry = string | Plural;

/** The placeholders of an entry's texts, `count` included for a plural. */
function placeholders(entry: Entry): Set<string> {
  const texts = typeof entry === "string" ? [entry] : Object.values(entry);
  const names = texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
  return new Set(typeof entry === "string" ? names : [...names, "count"]);
}

describe("the catalogs", () => {
  const languages = Object.entries(CATALOGS) as [string, Readonly<Record<string, Entry>>][];

  it.each(languages)("%s has every English key, in the same form, and nothing else", (_, catalog) => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
    for (const [key, entry] of Object.entries(en) as [string, Entry][]) {
      expect(typeof catalog[key], key).toBe(typeof entry);
    }
  });

  it.each(languages)("%s names only the placeholders the English text is given", (_, catalog) => {
    for (const [key, entry] of Object.entries(en) as [string, Entry][]) {
      const given = placeholders(entry);
      for (const name of placeholders(catalog[key]!)) expect(given, `${key}: {${name}}`).toContain(name);
    }
  });

  it.each(languages)("%s has a text for each plural category its language uses", (language, catalog) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [key, entry] of Object.entries(catalog)) {
      if (typeof entry === "string") continue;
      for (const category of categories) expect(entry[category], `${key}: ${category}`).toBeTypeOf("string");
    }
  });

  it.each(languages)("%s is never empty, and keeps the English text's typographic quotes out", (language, catalog) => {
    for (const [key, entry] of Object.entries(catalog)) {
      for (const text of typeof entry === "string" ? [entry] : Object.values(entry)) {
        expect(text.trim(), key).not.toBe("");
        // German opens quotes low („…“); a left-over English “…“ pair would show an untranslated text.
        if (language === "de") expect(text, key).not.toMatch(/“[^“”]*”/);
      }
    }
  });
});

describe("t(key, params)", () => {
  const english = translator("en-GB");
  const german = translator("de-DE");

  it("fills placeholders, writing numbers in the locale's way", () => {
    expect(english("actions.chosenOf", { count: 3, total: 1234 })).toBe("3 of 1,234 selected");
    expect(german("actions.chosenOf", { count: 3, total: 1234 })).toBe("3 von 1.234 ausgewählt");
    expect(german("views.confirmDelete", { name: "Rot" })).toBe(
      "Die Ansicht „Rot“ löschen? Die Liste behält ihre aktuellen Filter.",
    );
  });

  it("chooses the plural form the count takes in the language", () => {
    expect(english("list.resultCount", { count: 1 })).toBe("1 result");
    expect(english("list.resultCount", { count: 0 })).toBe("0 results");
    expect(english("list.resultCount", { count: 10_000 })).toBe("10,000 results");
    expect(german("list.resultCount", { count: 1 })).toBe("1 Ergebnis");
    expect(german("list.resultCount", { count: 2 })).toBe("2 Ergebnisse");
    expect(german("index.endedSessions", { count: 1 })).toBe("1 andere Sitzung wurde beendet.");
    expect(german("common.records", { count: 1234, singular: "Product", plural: "Products" })).toBe("1.234 Products");
  });

  it("falls back to English for a language it does not speak", () => {
    expect(translator("fr-FR")("common.cancel")).toBe("Cancel");
  });
});

describe("pickLocale", () => {
  it("takes the first of the browser's languages the admin speaks, keeping its region", () => {
    expect(pickLocale(["fr-FR", "de-AT", "en-US"])).toBe("de-AT");
    expect(pickLocale(["de-ch"])).toBe("de-CH");
    expect(pickLocale(["en-GB", "de"])).toBe("en-GB");
    expect(pickLocale(["de"])).toBe("de");
  });

  it("is English when none of them is spoken here, or there are none", () => {
    expect(pickLocale(["fr-FR", "ja"])).toBe("en");
    expect(pickLocale([])).toBe("en");
  });
});
