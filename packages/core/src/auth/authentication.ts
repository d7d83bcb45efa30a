/** The interface of an authenticator and what it finds: the user of a request, or nothing. */
import type { ApiRequest } from "../http/request.js";

export interface AuthResult {
  readonly user: unknown;
  readonly auth?: unknown;
}

/**
 * An authenticator: returns null when it does not recognize the request (no credential of its
 * kind), a result when the credential is good, and throws `AuthenticationFailed` when it
 * recognizes a credential that is wrong.
 */
export interface Authenticator {
  authenticate(request: ApiRequest): Promise<AuthResult | null> | AuthResult | null;
  /** The `WWW-Authenticate` challenge for 401 answers; without one, denials are 403. */
  challenge?(request: ApiRequest): string | undefined;
  /** How the OpenAPI document describes this scheme (an OpenAPI Security Scheme Object), by name. */
  readonly securityScheme?: { readonly name: string; readonly scheme: Readonly<Record<string, unknown>> };
}
