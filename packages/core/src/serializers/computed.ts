/** `computed`: a read-only field whose value a function gives for each row. */
import type { ApiRequest } from "../http/request.js";
import type { FieldType, FieldValueTypes } from "../models/fields.js";

/** How the OpenAPI document describes a computed value: a field type, as a model field declares one. */
export interface ComputedType<T extends FieldType = FieldType, N extends boolean = boolean> {
  readonly type: T;
  readonly nullable?: N;
  readonly choices?: readonly (string | number)[];
  readonly description?: string;
}

/**
 * A read-only value computed from the row and the request: DRF's `SerializerMethodField`.
 * `Value` is what one response carries for it; `get` may answer it with a promise.
 */
export interface ComputedField<Row = never, Value = unknown> {
  readonly kind: "computed";
  readonly get: (row: Row, request: ApiRequest) => Value | Promise<Value>;
  readonly schema: ComputedType;
  /**
   * The fields of the row `get` reads. When a request narrows the fields (`?fields=`), only
   * these columns are loaded for it; without `uses`, every column is.
   */
  readonly uses: readonly string[] | undefined;
}

type ValueOf<T extends FieldType, N extends boolean> = N extends true ? FieldValueTypes[T] | null : FieldValueTypes[T];

/**
 * A computed field: `computed((post) => post.body.split(" ").length, { type: "int" })`. The
 * function runs for each row of a response, and may be async (`async (post) => await ...`): the
 * rows of a page wait for theirs together. Its value's type is checked against `type` (and
 * `nullable: true` allows null). `uses: ["body"]` names the fields it reads.
 */
export function computed<Row, const T extends FieldType, V extends ValueOf<T, N>, const N extends boolean = false>(
  get: (row: Row, request: ApiRequest) => V | Promise<V>,
  options: ComputedType<T, N> & { readonly uses?: readonly (keyof Row & string)[] },
): ComputedField<Row, V> {
  const { uses, ...schema } = options;
  return { kind: "computed", get, schema, uses: uses === undefined ? undefined : [...uses] };
}
