// A typed client of the library's API: openapi-fetch over the types openapi-typescript made of openapi.json.
import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

/** `token` is a bearer token from better-auth's sign-in (its `set-auth-token` header). */
export function libraryClient(baseUrl: string, token?: string) {
  return createClient<paths, "application/json" | "application/problem+json">({
    baseUrl,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    // ordering, __in and __range take comma-separated values, as the document declares them.
    querySerializer: { array: { style: "form", explode: false } },
  });
}
