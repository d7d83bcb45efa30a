/**
 * The shape every language's catalog has: the English catalog's keys, each a text or, for counts,
 * one text per plural category (`Intl.PluralRules`), with `{name}` placeholders.
 */
import type { en } from "./en.js";

/** One text per plural category the language uses; `other` always. */
export type Plural = { readonly other: string } & Partial<Record<Exclude<Intl.LDMLPluralRule, "other">, string>>;

export type Key = keyof typeof en;

/** Another language: every key of the English catalog (a missing one fails to compile), in the same form. */
export type Catalog = { readonly [K in Key]: (typeof en)[K] extends string ? string : Plural };

/** The placeholders a text names: "{count} selected" → "count". */
type Names<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Names<Rest> : never;
type NamesOf<E> = E extends string ? Names<E> : E extends Plural ? Names<E[keyof E]> | "count" : never;

/** The values a key's text needs: none, or one per placeholder (a plural's `count` always). */
export type Params<K extends Key> = [NamesOf<(typeof en)[K]>] extends [never]
  ? []
  : [params: { readonly [N in NamesOf<(typeof en)[K]>]: string | number }];
