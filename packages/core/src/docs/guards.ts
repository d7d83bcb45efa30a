import type { Checks } from "../viewsets/guard.js";
import type { ViewSettings } from "../viewsets/viewset.js";
import { type DocumentBuilder, ERROR_STATUS, type ErrorResponse } from "./document-builder.js";
import type { OperationObject, ReferenceObject, ResponseObject, SecurityRequirement } from "./openapi-types.js";
import { securityRequirements } from "./security.js";

/** What a viewset's checks add to every operation they guard: their error responses and a security requirement. */
export interface Guards {
  readonly errors: readonly ErrorResponse[];
  readonly security: SecurityRequirement[] | undefined;
}

/** An operation that runs no checks (a custom action without `checks: true`). */
export const UNGUARDED: Guards = { errors: [], security: undefined };

/** The checks a request runs: the viewset's own lists, the router's where it has none. */
export function guardsOf(builder: DocumentBuilder, checks: Checks, settings: ViewSettings): Guards {
  const authentication = checks.authentication ?? settings.authentication;
  const permissions = checks.permissions ?? settings.permissions;
  const throttles = checks.throttles ?? settings.throttles;
  const errors: ErrorResponse[] = [];
  if (authentication.length > 0) errors.push("Unauthenticated");
  if (permissions.length > 0) errors.push("PermissionDenied");
  if (throttles.length > 0) errors.push("Throttled");
  return { errors, security: securityRequirements(builder, authentication, permissions) };
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

/** An operation with its success and error responses, and the security its guards ask for. */
export function guardedOperation(
  builder: DocumentBuilder,
  guards: Guards,
  fields: Omit<OperationObject, "responses">,
  success: Record<string, ResponseObject>,
  errors: readonly ErrorResponse[],
): OperationObject {
  const op: OperationObject = { ...fields, responses: { ...success, ...errorResponses(builder, guards, errors) } };
  if (guards.security) op.security = guards.security;
  return op;
}
