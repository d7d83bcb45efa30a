/** `modelSerializer`: a serializer from a model with DRF's `fields`, `exclude` and read-only options. */
import type { Model } from "../models/define-model.js";
import type { DeclaredField, Serializer } from "./base-serializer.js";
import type { ComputedField } from "./computed.js";
import type { RelatedField } from "./related.js";
import type { RepresentedFields } from "./represented.js";

type Key<Row> = keyof Row & string;
type Names<Row> = readonly Key<Row>[];
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The model fields a response shows: the whitelist (or all), without the excluded and write-only ones. */
type ShownKeys<Row, F, E, W> = Exclude<
  F extends Names<Row> ? F[number] : Key<Row>,
  (E extends Names<Row> ? E[number] : never) | (W extends Names<Row> ? W[number] : never)
>;

/** The foreign-key field a related field follows: its `source`, or the key it is declared under. */
type SourceKey<K, S> = [S] extends [undefined] ? K : S;

/** A related value, null where the foreign key may be null. */
type RelatedValue<Row, K, Field> =
  Field extends RelatedField<infer V, infer S>
    ? SourceKey<K, S> extends keyof Row
      ? null extends Row[SourceKey<K, S>]
        ? V | null
        : V
      : V
    : never;

/** Each related field must follow a field of the row: a key that is not one needs a `source`. */
type CheckedRelated<Row, R> = {
  [K in keyof R]: R[K] extends RelatedField<unknown, infer S>
    ? SourceKey<K, S> extends Key<Row>
      ? R[K]
      : RelatedField<unknown, Key<Row>>
    : RelatedField<unknown, Key<Row>>;
};

/** What `modelSerializer` takes: DRF's `Meta.fields`, `exclude`, `read_only_fields`, and declared fields. */
export interface ModelSerializerOptions<Row, F, E, W, R, C> {
  /** The model fields responses show (and requests may write); all serializable ones by default. */
  readonly fields?: F;
  /** Model fields left out of responses. */
  readonly exclude?: E;
  /** Model fields requests may not set. */
  readonly readOnly?: Names<Row>;
  /** Model fields requests may set and responses never show. */
  readonly writeOnly?: W;
  /** Foreign keys shown as (part of) the rows they point at: `{ author: related(users, { fields: ["id", "name"] }) }`. */
  readonly related?: R & CheckedRelated<Row, R>;
  /** Values computed from the row and the request: `{ wordCount: computed((post) => ..., { type: "int" }) }`. */
  readonly computed?: C;
}

/** The object one response carries for a row of `modelSerializer(...)`: a model field's Date is its ISO text. */
export type Serialized<Row, F, E, W, R, C> = Simplify<
  Omit<RepresentedFields<Pick<Row, ShownKeys<Row, F, E, W>>>, keyof R | keyof C> & {
    -readonly [K in keyof R]: RelatedValue<Row, K, R[K]>;
  } & { -readonly [K in keyof C]: C[K] extends ComputedField<never, infer V> ? V : never }
>;

/** A serializer built by `modelSerializer`, typed with the row it reads and the object it writes. */
export interface ModelSerializer<Row, Output> extends Serializer<Row> {
  /** Phantom: the object a response carries for one row. */
  readonly __output?: Output;
}

/** The response object of one row for a serializer from `modelSerializer` (`SerializedRow<typeof postSerializer>`). */
export type SerializedRow<S> = S extends ModelSerializer<never, infer Output> ? Output : Record<string, unknown>;

/**
 * A typed serializer for a model, DRF's `ModelSerializer`: field lists checked against the row,
 * related and computed fields, and a response type (`SerializedRow<typeof serializer>`):
 *
 * ```ts
 * const postSerializer = modelSerializer(Post, {
 *   exclude: ["draftNotes"],
 *   related: { author: related(users, { fields: ["id", "name"] }) },
 *   computed: { words: computed((post) => post.body.split(/\s+/).length, { type: "int", uses: ["body"] }) },
 * });
 * new BaseViewSet({ serializer: () => postSerializer, ... });
 * ```
 */
export function modelSerializer<
  Row extends object,
  const F extends Names<Row> | undefined = undefined,
  const E extends Names<Row> | undefined = undefined,
  const W extends Names<Row> | undefined = undefined,
  R extends Record<string, RelatedField<unknown, string | undefined>> = Record<never, never>,
  C extends Record<string, ComputedField<Row, unknown>> = Record<never, never>,
>(
  _model: Model<Row>,
  options: ModelSerializerOptions<Row, F, E, W, R, C> = {},
): ModelSerializer<Row, Serialized<Row, F, E, W, R, C>> {
  const serializer: { -readonly [K in keyof Serializer<Row>]: Serializer<Row>[K] } = {};
  const { fields, exclude, readOnly, writeOnly } = options;
  if (fields) serializer.fields = () => fields;
  if (exclude) serializer.exclude = () => exclude;
  if (readOnly) serializer.readonlyFields = () => readOnly;
  if (writeOnly) serializer.writeOnlyFields = () => writeOnly;
  const declared: Record<string, DeclaredField> = {
    ...(options.related as Record<string, RelatedField> | undefined),
    ...(options.computed as Record<string, ComputedField<never, unknown>> | undefined),
  };
  if (Object.keys(declared).length > 0) serializer.declaredFields = () => declared;
  return serializer;
}
