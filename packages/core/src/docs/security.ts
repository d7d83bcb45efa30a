import type { Authenticator } from "../auth/authentication.js";
import type { Permission } from "../auth/permissions.js";
import type { ApiRequest } from "../http/request.js";
import type { DocumentBuilder } from "./document-builder.js";
import type { SecurityRequirement, SecuritySchemeObject } from "./openapi-types.js";

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

/**
 * The `security` of an operation: any one of the described schemes; anonymous access (`{}`) too
 * when no permission class is configured, since then nothing turns an anonymous request away.
 */
export function securityRequirements(
  builder: DocumentBuilder,
  authenticators: readonly Authenticator[],
  permissions: readonly Permission[],
): SecurityRequirement[] | undefined {
  const names: string[] = [];
  for (const authenticator of authenticators) {
    const described = securitySchemeOf(authenticator);
    if (!described) continue;
    const name = builder.securityScheme(described.name, described.scheme);
    if (!names.includes(name)) names.push(name);
  }
  if (names.length === 0) return undefined;
  const requirements: SecurityRequirement[] = names.map((name) => ({ [name]: [] }));
  if (permissions.length === 0) requirements.push({});
  return requirements;
}
