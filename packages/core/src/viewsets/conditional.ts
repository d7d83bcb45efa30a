/** Conditional requests: a read's ETag and 304, a write's If-Match and 412. */
import { PreconditionFailed } from "../http/errors.js";
import { etagMatches, weakETag } from "../http/etag.js";
import type { ApiRequest, ApiResponse } from "../http/request.js";
import { sendJSON } from "../http/respond.js";

/**
 * A JSON answer with the weak ETag of its body. On a read whose `If-None-Match` names that tag,
 * 304 with no body instead: the client's copy is current.
 */
export function taggedJSON(request: ApiRequest, status: number, data: unknown): ApiResponse {
  const response = sendJSON(status, data);
  const etag = weakETag(response.body as string);
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined && request.method === "GET" && etagMatches(ifNoneMatch, etag)) {
    return { status: 304, headers: { ETag: etag }, body: null };
  }
  response.headers.ETag = etag;
  return response;
}

/**
 * Optimistic concurrency: with `If-Match`, a write goes ahead only when the record, as a retrieve
 * would show it now (related fields loaded, so `current` may be async), still has a tag the
 * client names; otherwise 412 and nothing is written.
 */
export async function checkIfMatch(request: ApiRequest, current: () => unknown): Promise<void> {
  const ifMatch = request.headers["if-match"];
  if (ifMatch === undefined) return;
  if (!etagMatches(ifMatch, weakETag(sendJSON(200, await current()).body as string))) throw new PreconditionFailed();
}
