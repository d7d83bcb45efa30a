/** What a viewset's guards add to its operations in the document: their error answers and security. */
import type { HttpMethod } from "../viewsets/actions.js";
import type { Checks } from "../viewsets/guard.js";
import type { ViewInfo } from "../http/view-info.js";
import type { ViewSettings } from "../viewsets/viewset.js";
import { type DocumentBuilder, ERROR_STATUS, type ErrorResponse } from "./document-builder.js";
import type { OperationObject, ReferenceObject, ResponseObject, SecurityRequirement } from "../http/openapi-types.js";
import { securityRequirements, securitySchemeNames } from "./security.js";

/** What a viewset's checks add to every operation they guard: their error responses and its security. */
export interface Guards {
  readonly errors: readonly ErrorResponse[];
  /** The security requirement of one operation, which may differ by method (read-only when anonymous). */
  security(method: HttpMethod, view: ViewInfo): SecurityRequirement[] | undefined;
}

/** An operation that runs no checks (a custom action without `checks: true`). */
export const UNGUARDED: Guards = { errors: [], security: () => undefined };

/** The checks a request runs: the viewset's own lists, the router's where it has none. */
export function guardsOf(builder: DocumentBuilder, checks: Checks, settings: ViewSettings): Guards {
  const authentication = checks.authentication ?? settings.authentication;
  const permissions = checks.permissions ?? settings.permissions;
  const throttles = checks.throttles ?? settings.throttles;
  const errors: ErrorResponse[] = [];
  if (authentication.length > 0) errors.push("Unauthenticated");
  if (permissions.length > 0) errors.push("PermissionDenied");
  if (throttles.length > 0) errors.push("Throttled");
  const schemes = securitySchemeNames(builder, authentication);
  const authenticates = authentication.length > 0;
  return {
    errors,
    security: (method, view) => securityRequirements(schemes, authenticates, permissions, method, view),
  };
}

/**
 * An action without `checks`: its handler owns its checks, which the document cannot see; where
 * neither its router nor its viewset authenticates, it is documented as open to anyone (`security: []`).
 */
export function uncheckedGuards(checks: Checks, settings: ViewSettings): Guards {
  const authenticates = (checks.authentication ?? settings.authentication).length > 0;
  return { errors: [], security: () => (authenticates ? undefined : []) };
}

/**
 * The error responses of an operation, its own and its guards', by status: the first use of each
 * adds it to the components, in status order.
 */
export function errorResponses(
  builder: DocumentBuilder,
  guards: Guards,
  errors: readonly ErrorResponse[],
): Record<string, ReferenceObject> {
  const responses: Record<string, ReferenceObject> = {};
  const all = [...errors, ...guards.errors].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
  for (const name of all) responses[String(ERROR_STATUS[name])] = builder.error(name);
  return responses;
}

/** Which request an operation answers, for the permissions asked about anonymous access. */
export interface GuardedRequest {
  readonly method: HttpMethod;
  readonly view: ViewInfo;
}

/** An operation with its success and error responses, and the security its guards ask for. */
export function guardedOperation(
  builder: DocumentBuilder,
  guards: Guards,
  fields: Omit<OperationObject, "responses">,
  success: Record<string, ResponseObject>,
  errors: readonly ErrorResponse[],
  request: GuardedRequest,
): OperationObject {
  const op: OperationObject = { ...fields, responses: { ...success, ...errorResponses(builder, guards, errors) } };
  const security = guards.security(request.method, request.view);
  if (security) op.security = security;
  return op;
}
