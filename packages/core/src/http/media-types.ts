/**
 * The media types of request and response bodies: the one table the body reader, the viewset's
 * answers and the OpenAPI document all read, so the document declares what the server takes.
 */

export const JSON_MEDIA_TYPE = "application/json";
/** RFC 7386: a PATCH body whose keys replace the record's (the partial update's own meaning). */
export const MERGE_PATCH_MEDIA_TYPE = "application/merge-patch+json";
/** An HTML form, typed by the model's fields as DRF's FormParser does. */
export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
/**
 * A list or retrieve narrowed by `?fields=` or `?omit=`: JSON with some keys left out. Its own media
 * type lets the document describe it apart from the full answer, whose keys are all present.
 */
export const SPARSE_MEDIA_TYPE = "application/vnd.viewsets.sparse+json";

/** The request bodies a viewset's write takes, by method. */
export const WRITE_MEDIA_TYPES = {
  POST: [JSON_MEDIA_TYPE, FORM_MEDIA_TYPE],
  PUT: [JSON_MEDIA_TYPE, FORM_MEDIA_TYPE],
  PATCH: [JSON_MEDIA_TYPE, MERGE_PATCH_MEDIA_TYPE, FORM_MEDIA_TYPE],
} as const satisfies Record<string, readonly string[]>;

/** What a custom action's body (`getJSON`, `requestSchema`) may be. */
export const ACTION_MEDIA_TYPES: readonly string[] = [JSON_MEDIA_TYPE];

/** The media types a write of `method` takes (an action's: JSON). */
export function bodyMediaTypes(method: string): readonly string[] {
  return (WRITE_MEDIA_TYPES as Record<string, readonly string[]>)[method] ?? ACTION_MEDIA_TYPES;
}
