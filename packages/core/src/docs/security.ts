/** The OpenAPI security schemes of a viewset's authenticators, and the requirement of each operation. */
import type { Authenticator } from "../auth/authentication.js";
import type { Permission } from "../auth/permissions.js";
import type { ApiRequest } from "../http/request.js";
import { isThenable } from "../http/thenable.js";
import type { HttpMethod } from "../viewsets/actions.js";
import type { ViewInfo } from "../http/view-info.js";
import type { DocumentBuilder } from "./document-builder.js";
import type { SecurityRequirement, SecuritySchemeObject } from "../http/openapi-types.js";

/** What `challenge()` is asked with when the docs derive a scheme from it: no real request exists. */
const DOCS_REQUEST: ApiRequest = {
  method: "GET",
  path: "/",
  rawQuery: "",
  headers: {},
  origin: "http://localhost",
  remoteAddress: undefined,
  body: { kind: "none" },
};

/**
 * The scheme an authenticator declares, or one read from its `WWW-Authenticate` challenge
 * (`Bearer ...`, `Basic ...`). An authenticator with neither (the app's own session user) is
 * not described: OpenAPI has no scheme for "whatever the app's middleware did".
 */
export function securitySchemeOf(authenticator: Authenticator): { name: string; scheme: SecuritySchemeObject } | null {
  const declared = authenticator.securityScheme;
  if (declared && typeof declared.scheme.type === "string") {
    return { name: declared.name, scheme: { ...declared.scheme, type: declared.scheme.type } };
  }
  let challenge: string | undefined;
  try {
    challenge = authenticator.challenge?.(DOCS_REQUEST);
  } catch {
    return null;
  }
  const word = challenge?.trim().split(/\s/, 1)[0]?.toLowerCase();
  if (word === "bearer") return { name: "bearerAuth", scheme: { type: "http", scheme: "bearer" } };
  if (word === "basic") return { name: "basicAuth", scheme: { type: "http", scheme: "basic" } };
  return null;
}

/** The security schemes of the authenticators that describe one, by their component names. */
export function securitySchemeNames(builder: DocumentBuilder, authenticators: readonly Authenticator[]): string[] {
  const names: string[] = [];
  for (const authenticator of authenticators) {
    const described = securitySchemeOf(authenticator);
    if (!described) continue;
    const name = builder.securityScheme(described.name, described.scheme);
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * Whether a request without credentials passes every permission's request-level check for one
 * operation: each check is asked, as the guard would ask it, with an anonymous request of that
 * method (so a check must not count on being called only for real requests). Only a synchronous
 * `true` counts: the document is drawn synchronously. A check that answers with a promise (the
 * combinators `allOf`, `anyOf` and `not` do) or throws is taken to turn anonymous requests away,
 * so the document asks for credentials, which the server accepts anyway; an `async` function is
 * not even called, its answer could only be a promise.
 */
export function allowsAnonymous(permissions: readonly Permission[], method: HttpMethod, view: ViewInfo): boolean {
  const request: ApiRequest = { ...DOCS_REQUEST, method, headers: {}, user: undefined };
  for (const permission of permissions) {
    const check = permission.hasPermission;
    if (check === undefined) continue;
    if (check.constructor?.name === "AsyncFunction") return false;
    let allowed: unknown;
    try {
      allowed = check.call(permission, { ...request }, view);
    } catch {
      return false;
    }
    if (isThenable(allowed)) {
      // Not awaited: the document is drawn synchronously. Keep a rejection from going unhandled.
      Promise.resolve(allowed).catch(() => {});
      return false;
    }
    if (allowed !== true) return false;
  }
  return true;
}

/**
 * The `security` of an operation: any one of the described schemes, and anonymous access (`{}`)
 * too when an anonymous request passes the permissions (none configured, `allowAny`, or a safe
 * method under `isAuthenticatedOrReadOnly`). Without authenticators, `[]` for an operation anyone
 * may call. Undefined when no scheme can be described.
 */
export function securityRequirements(
  schemes: readonly string[],
  authenticates: boolean,
  permissions: readonly Permission[],
  method: HttpMethod,
  view: ViewInfo,
): SecurityRequirement[] | undefined {
  // Nothing to authenticate with: an anonymous operation says so (`security: []`), as redocly asks.
  if (!authenticates) return allowsAnonymous(permissions, method, view) ? [] : undefined;
  if (schemes.length === 0) return undefined;
  const requirements: SecurityRequirement[] = schemes.map((name) => ({ [name]: [] }));
  if (allowsAnonymous(permissions, method, view)) requirements.push({});
  return requirements;
}
