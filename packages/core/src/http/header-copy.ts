/**
 * A copy of `headers` with `name` set to `value` (last, unless `headers` had it already).
 *
 * Not `{ ...headers, [name]: value }`: on Node 20, V8 gives an object made by a spread a hidden
 * class outside its usual transition tree, so every key added to it afterwards (this one, or
 * Content-Length by @hono/node-server) builds a new hidden class: ~1 µs per response, measured in
 * BENCHMARKS.md (finding 9), against ~0.05 µs for `Object.assign` onto a fresh literal.
 */
export function withHeader(
  headers: Readonly<Record<string, string>> | undefined,
  name: string,
  value: string,
): Record<string, string> {
  const copy: Record<string, string> = Object.assign({}, headers);
  copy[name] = value;
  return copy;
}
