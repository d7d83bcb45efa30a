/**
 * A serializer shapes response and request JSON. Every method is optional: a plain
 * `new BaseSerializer()` serves every serializable field and accepts every editable one.
 */
export interface Serializer {
  /** Whitelist of keys in every response (and of writable keys). */
  fields?(): readonly string[];
  /** Keys left out of responses. */
  exclude?(): readonly string[];
  /** Keys that requests cannot write. */
  readonlyFields?(): readonly string[];
  /** Keys accepted in requests and left out of responses. */
  writeOnlyFields?(): readonly string[];
}

export class BaseSerializer implements Serializer {}

/** A serializer factory, as a viewset takes it. */
export type SerializerFactory = () => Serializer;
