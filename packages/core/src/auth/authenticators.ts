/** The authenticators the core ships: bearer token, HTTP Basic and the user an app's own middleware signed in. */
import { AuthenticationFailed } from "../http/errors.js";
import type { ApiRequest } from "../http/request.js";
import type { AuthResult, Authenticator } from "./authentication.js";

type MaybePromise<T> = T | Promise<T>;

export interface BearerTokenOptions {
  /** The user the token belongs to, or null (or undefined) when the token is not valid: a 401. */
  verify: (token: string, request: ApiRequest) => MaybePromise<unknown>;
  /** The realm named in the `WWW-Authenticate` challenge. Default "api". */
  realm?: string;
  /** The scheme word before the token: "Bearer" by default; "Token" reads like DRF's TokenAuthentication. */
  keyword?: string;
}

export interface BasicAuthenticationOptions {
  /** The user for these credentials, or null (or undefined) when they are wrong: a 401. */
  verify: (username: string, password: string, request: ApiRequest) => MaybePromise<unknown>;
  /** The realm named in the `WWW-Authenticate` challenge. Default "api". */
  realm?: string;
}

/**
 * `Authorization: Bearer <token>`. No header, or another scheme: null (the next authenticator
 * may know it). A malformed header or a token `verify` rejects: `AuthenticationFailed` (401 with
 * `WWW-Authenticate: Bearer realm="api"`). The result's `auth` is the token.
 */
export function bearerTokenAuthentication(options: BearerTokenOptions): Authenticator {
  const keyword = options.keyword ?? "Bearer";
  const challenge = challengeOf(keyword, options.realm);
  // OpenAPI's http scheme covers "Bearer" only; another keyword is an API key in the Authorization header.
  const securityScheme =
    keyword.toLowerCase() === "bearer"
      ? { name: "bearerAuth", scheme: { type: "http", scheme: "bearer" } }
      : {
          name: `${keyword.toLowerCase()}Auth`,
          scheme: { type: "apiKey", in: "header", name: "Authorization", description: `"${keyword} <token>"` },
        };
  return {
    securityScheme,
    async authenticate(request): Promise<AuthResult | null> {
      const credentials = credentialsFor(request, keyword);
      if (credentials === null) return null;
      if (credentials === "")
        throw new AuthenticationFailed(`Invalid ${keyword} header. No credentials provided.`, challenge);
      if (!/^[\x21-\x7e]+$/.test(credentials)) {
        throw new AuthenticationFailed(`Invalid ${keyword} header. The token must not contain spaces.`, challenge);
      }
      const user = await options.verify(credentials, request);
      if (user === null || user === undefined) {
        // RFC 6750: a rejected token is answered with error="invalid_token".
        throw new AuthenticationFailed("Invalid token.", `${challenge}, error="invalid_token"`);
      }
      return { user, auth: credentials };
    },
    challenge: () => challenge,
  };
}

/**
 * `Authorization: Basic <base64 of username:password>` (RFC 7617; UTF-8, with a Latin-1
 * fallback). No header, or another scheme: null. Bad base64, no colon, or credentials `verify`
 * rejects: `AuthenticationFailed` (401 with `WWW-Authenticate: Basic realm="api"`), never a 500.
 * Only use it over HTTPS: the password travels with every request.
 */
export function basicAuthentication(options: BasicAuthenticationOptions): Authenticator {
  const challenge = challengeOf("Basic", options.realm);
  return {
    securityScheme: { name: "basicAuth", scheme: { type: "http", scheme: "basic" } },
    async authenticate(request): Promise<AuthResult | null> {
      const credentials = credentialsFor(request, "Basic");
      if (credentials === null) return null;
      if (credentials === "")
        throw new AuthenticationFailed("Invalid basic header. No credentials provided.", challenge);
      const decoded = decodeBase64Text(credentials);
      if (decoded === null) {
        throw new AuthenticationFailed("Invalid basic header. Credentials not correctly base64 encoded.", challenge);
      }
      const colon = decoded.indexOf(":");
      if (colon === -1) {
        throw new AuthenticationFailed("Invalid basic header. Credentials must be username:password.", challenge);
      }
      const user = await options.verify(decoded.slice(0, colon), decoded.slice(colon + 1), request);
      if (user === null || user === undefined) throw new AuthenticationFailed("Invalid username/password.", challenge);
      return { user };
    },
    challenge: () => challenge,
  };
}

/**
 * The user the app's own middleware signed in (Passport's `req.user` in Express, `ctx.state.user`
 * in Koa, `c.get("user")` in Hono), read through `request.appUser`. Null when there is none.
 * It has no challenge: put it first and a denied anonymous request is a 403, as with DRF's
 * SessionAuthentication.
 */
export function appUserAuthentication(): Authenticator {
  return {
    authenticate(request) {
      const user = request.appUser?.();
      return user === undefined || user === null ? null : { user };
    },
  };
}

/** The credentials after `scheme` (compared case-insensitively), "" when missing, null for another scheme. */
function credentialsFor(request: ApiRequest, scheme: string): string | null {
  const header = request.headers.authorization?.trim();
  if (!header) return null;
  const space = header.search(/\s/);
  const name = space === -1 ? header : header.slice(0, space);
  if (name.toLowerCase() !== scheme.toLowerCase()) return null;
  return space === -1 ? "" : header.slice(space).trim();
}

function challengeOf(scheme: string, realm = "api"): string {
  return `${scheme} realm="${realm.replace(/[\\"]/g, "\\$&")}"`;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes base64 to text: UTF-8 when valid, else Latin-1 (what older clients send); null when not base64. */
function decodeBase64Text(text: string): string | null {
  if (!BASE64.test(text) || text.length % 4 === 1) return null;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return utf8.decode(bytes);
  } catch {
    return binary;
  }
}
