/** The types of a model's `clean` hook: what it is told of the write it checks. */
import type { Fields, NullableValue } from "./fields.js";

/**
 * What `clean(obj, info)` is told besides the object: which write it is, and on an update the
 * object as it was stored before the request (DRF's `serializer.instance`).
 */
export type CleanInfo<Row> =
  | { readonly action: "create"; readonly instance?: undefined }
  | { readonly action: "update" | "partial_update"; readonly instance: Readonly<Row> };

/** Fields a request may set: not the primary key, not `editable: false`. */
type EditableKey<F extends Fields, K extends keyof F> = F[K]["primaryKey"] extends true
  ? never
  : F[K]["editable"] extends false
    ? never
    : K;

/** Editable fields a create must carry: `required`, or by default those that are not nullable. */
type RequiredKey<F extends Fields, K extends keyof F> = F[K]["required"] extends boolean
  ? F[K]["required"] extends true
    ? K
    : never
  : F[K]["nullable"] extends true
    ? never
    : K;

type CreateRequiredKeys<F extends Fields> = {
  [K in keyof F]: EditableKey<F, K> extends never ? never : RequiredKey<F, K>;
}[keyof F];

/**
 * The object `clean` receives from a model declared with `defineModel`. On create it is the
 * validated body: the required editable fields, maybe the optional ones, never the primary key
 * or fields the server fills in (which are therefore optional here). On update it is the stored
 * object with the request's changes merged in, so every field is there.
 */
export type CleanInput<F extends Fields> = {
  -readonly [K in CreateRequiredKeys<F>]: NullableValue<F[K]>;
} & {
  -readonly [K in Exclude<keyof F, CreateRequiredKeys<F>>]?: NullableValue<F[K]>;
};
