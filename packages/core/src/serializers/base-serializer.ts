/** `BaseSerializer` and the interface of a serializer: the fields a viewset shows and accepts. */
import type { ComputedField } from "./computed.js";
import type { RelatedField } from "./related.js";

/** A field a serializer declares beyond the model's own: a related or a computed field. */
export type DeclaredField = RelatedField | ComputedField<never, unknown>;

/**
 * A serializer shapes response and request JSON. Every method is optional: a plain
 * `new BaseSerializer()` serves every serializable field and accepts every editable one.
 */
export interface Serializer<Row = unknown> {
  /** Whitelist of model fields in every response (and of writable keys); declared fields always show. */
  fields?(): readonly string[];
  /** Keys left out of responses. */
  exclude?(): readonly string[];
  /** Keys that requests cannot write. */
  readonlyFields?(): readonly string[];
  /** Keys accepted in requests and left out of responses. */
  writeOnlyFields?(): readonly string[];
  /**
   * Related and computed fields by response key (DRF's declared fields). A key that is also a
   * model field takes its place in responses (and, unless writable, its place in requests).
   */
  declaredFields?(): Readonly<Record<string, DeclaredField>>;
  /**
   * Phantom: a serializer typed for one row type (`modelSerializer`) fits only viewsets of that
   * row. A method, so that an untyped serializer fits every viewset and every one fits `Serializer`.
   */
  __row?(row: Row): void;
}

export class BaseSerializer implements Serializer {}

/** A serializer factory, as a viewset takes it (for rows of type `Row`). */
export type SerializerFactory<Row = unknown> = () => Serializer<Row>;
