/** A path below the router's prefix split into its route: list, detail or a detail action. */
export type PathMatch =
  | { readonly kind: "list"; readonly resource: string }
  /** `{resource}/{segment}`: a collection action when one has that URL path, else a detail route. */
  | { readonly kind: "detail"; readonly resource: string; readonly id: string }
  | { readonly kind: "detail-action"; readonly resource: string; readonly id: string; readonly segment: string };

/**
 * Splits a path below the router's prefix into its route shape. The trailing slash is
 * optional on every route; an empty segment (`//`) matches nothing.
 */
export function matchPath(prefix: string, path: string): PathMatch | null {
  if (!path.startsWith(prefix)) return null;
  let rest = path.slice(prefix.length);
  if (!rest.startsWith("/")) return null;
  rest = rest.endsWith("/") ? rest.slice(1, -1) : rest.slice(1);
  // Up to three non-empty segments, found with indexOf: no array per request.
  const first = rest.indexOf("/");
  if (first === -1) return rest === "" ? null : { kind: "list", resource: rest };
  const second = rest.indexOf("/", first + 1);
  const resource = rest.slice(0, first);
  if (second === -1) {
    const id = rest.slice(first + 1);
    return resource === "" || id === "" ? null : { kind: "detail", resource, id };
  }
  if (rest.indexOf("/", second + 1) !== -1) return null;
  const id = rest.slice(first + 1, second);
  const segment = rest.slice(second + 1);
  if (resource === "" || id === "" || segment === "") return null;
  return { kind: "detail-action", resource, id, segment };
}
