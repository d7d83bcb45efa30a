/** The guards of a viewset route: authentication, permissions and throttles, in DRF's order. */
import type { Authenticator } from "../auth/authentication.js";
import type { Permission } from "../auth/permissions.js";
import { ApiError, NotAuthenticated, PermissionDenied } from "../http/errors.js";
import { errorResponse } from "../http/problem.js";
import type { ApiRequest, ApiResponse } from "../http/request.js";
import { throttleHeaders } from "../throttling/check.js";
import { clientIp, userIdOf } from "../throttling/client-ip.js";
import type { Throttle } from "../throttling/throttle.js";
import { answeredFailure } from "./settings.js";
import type { ViewContext } from "./view-context.js";
import { withHeader } from "../http/header-copy.js";
import { isThenable } from "../http/thenable.js";

/** The checks of one viewset: its own lists, or the router's where it has none. */
export interface Checks {
  readonly authentication?: readonly Authenticator[] | undefined;
  readonly permissions?: readonly Permission[] | undefined;
  readonly throttles?: readonly Throttle[] | undefined;
}

function authenticatorsOf(checks: Checks, context: ViewContext): readonly Authenticator[] {
  return checks.authentication ?? context.settings.authentication;
}

function permissionsOf(checks: Checks, context: ViewContext): readonly Permission[] {
  return checks.permissions ?? context.settings.permissions;
}

function deny(request: ApiRequest, permission: Permission): never {
  if (request.user === undefined || request.user === null) throw new NotAuthenticated();
  throw new PermissionDenied(permission.message);
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** Whether a viewset has no authenticator, request-level permission or throttle to run. */
function nothingToCheck(checks: Checks, context: ViewContext): boolean {
  return (
    authenticatorsOf(checks, context).length === 0 &&
    !permissionsOf(checks, context).some((permission) => permission.hasPermission) &&
    (checks.throttles ?? context.settings.throttles).length === 0
  );
}

/** Authentication, then permissions, then throttles; returns the RateLimit headers to send. */
export async function initial(checks: Checks, context: ViewContext): Promise<Record<string, string>> {
  const { request, settings, view } = context;
  for (const authenticator of authenticatorsOf(checks, context)) {
    const result = await authenticator.authenticate(request);
    if (result) {
      request.user = result.user;
      request.auth = result.auth;
      break;
    }
  }
  for (const permission of permissionsOf(checks, context)) {
    if (permission.hasPermission && !(await permission.hasPermission(request, view))) deny(request, permission);
  }
  const throttles = checks.throttles ?? settings.throttles;
  if (throttles.length === 0) return {};
  const ip = clientIp(request, settings.trustedProxies);
  return throttleHeaders(throttles, { request, ip, user: request.user, userId: userIdOf(request.user) });
}

/**
 * An OPTIONS request (DRF's `metadata`): authenticated, so that `run` can ask what this user may
 * do, but never refused by a permission nor counted by a throttle (a client asks what a route
 * takes before it may use it). A bad credential is its 401, as on any route.
 */
export async function authenticatedOnly(
  checks: Checks,
  context: ViewContext,
  run: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  context.request.view = context.view;
  try {
    // `initial` with the authenticators alone: no permission, no throttle.
    await initial({ authentication: authenticatorsOf(checks, context), permissions: [], throttles: [] }, context);
    return await run();
  } catch (error) {
    return failed(error, checks, context, NO_HEADERS);
  }
}

/** Whether every request-level permission allows the context's request (no error: a yes or a no). */
export async function permits(checks: Checks, context: ViewContext): Promise<boolean> {
  for (const permission of permissionsOf(checks, context)) {
    if (permission.hasPermission && !(await permission.hasPermission(context.request, context.view))) return false;
  }
  return true;
}

/**
 * Object-level permissions, after a detail route loaded its object. Synchronous (no promise to
 * wait for) when no permission checks objects.
 */
export function checkObjectPermissions(checks: Checks, context: ViewContext, obj: unknown): Promise<void> | undefined {
  const permissions = permissionsOf(checks, context);
  if (!permissions.some((permission) => permission.hasObjectPermission)) return undefined;
  return objectPermissions(permissions, context, obj);
}

async function objectPermissions(permissions: readonly Permission[], context: ViewContext, obj: unknown) {
  for (const permission of permissions) {
    if (permission.hasObjectPermission && !(await permission.hasObjectPermission(context.request, context.view, obj))) {
      deny(context.request, permission);
    }
  }
}

/** A 401 carries the first authenticator's challenge; without one it becomes 403 (as DRF). */
function challenge(error: unknown, request: ApiRequest, authenticators: readonly Authenticator[]): unknown {
  if (!(error instanceof ApiError) || error.status !== 401 || error.headers["WWW-Authenticate"]) return error;
  const header = authenticators[0]?.challenge?.(request);
  if (header) return new ApiError(401, error.message, withHeader(error.headers, "WWW-Authenticate", header));
  return new PermissionDenied(error.message);
}

/**
 * Checks, then `run`; every error becomes its problem response, RateLimit headers kept. A response
 * at once when there is nothing to check and `run` answered at once; a promise otherwise.
 */
export function guarded(
  checks: Checks,
  context: ViewContext,
  run: () => Promise<ApiResponse> | ApiResponse,
): Promise<ApiResponse> | ApiResponse {
  context.request.view = context.view;
  if (!nothingToCheck(checks, context)) return checkedRun(checks, context, run);
  // Most viewsets of a public API check nothing per request: the handler's own answer then, with
  // no step of ours between it and the router (each step is a turn of the microtask queue).
  try {
    const answered = run();
    if (!isThenable(answered)) return answered;
    return Promise.resolve(answered).catch((error: unknown) => failed(error, checks, context, NO_HEADERS));
  } catch (error) {
    return failed(error, checks, context, NO_HEADERS);
  }
}

async function checkedRun(
  checks: Checks,
  context: ViewContext,
  run: () => Promise<ApiResponse> | ApiResponse,
): Promise<ApiResponse> {
  let rateHeaders: Readonly<Record<string, string>> = NO_HEADERS;
  try {
    rateHeaders = await initial(checks, context);
    const response = await run();
    if (rateHeaders !== NO_HEADERS) Object.assign(response.headers, rateHeaders);
    return response;
  } catch (error) {
    return failed(error, checks, context, rateHeaders);
  }
}

/** The answer to a check or a handler that threw: its error response, with the RateLimit headers but on a 429. */
function failed(
  error: unknown,
  checks: Checks,
  context: ViewContext,
  rateHeaders: Readonly<Record<string, string>>,
): ApiResponse {
  const { request, settings } = context;
  const answered = answeredFailure(error, request, settings);
  const response = errorResponse(challenge(answered, request, authenticatorsOf(checks, context)));
  if (response.status !== 429 && rateHeaders !== NO_HEADERS) Object.assign(response.headers, rateHeaders);
  return response;
}
