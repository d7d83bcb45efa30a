/** Absolute links to the same list with one query parameter changed, for a page's next and previous. */
import type { ApiRequest } from "../http/request.js";

/**
 * An absolute link to the same list with one parameter replaced (or removed with null),
 * keeping every other query parameter.
 */
export function linkWith(
  request: ApiRequest,
  params: ReadonlyMap<string, readonly string[]>,
  name: string,
  value: string | null,
): string {
  const query = new URLSearchParams();
  let placed = false;
  for (const [key, values] of params) {
    if (key === name) {
      if (value !== null && !placed) query.append(name, value);
      placed = true;
      continue;
    }
    for (const item of values) query.append(key, item);
  }
  if (!placed && value !== null) query.append(name, value);
  const search = query.toString();
  return `${request.origin}${request.path}${search === "" ? "" : `?${search}`}`;
}
