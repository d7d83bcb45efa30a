/**
 * Errors are data inside the core: every `ApiError` becomes one problem+json response in
 * `problem.ts`. `ConfigurationError` is separate: it is thrown at startup, never per request.
 */

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, detail: string, headers: Record<string, string> = {}) {
    super(detail);
    this.name = new.target.name;
    this.status = status;
    this.headers = headers;
  }
}

/** 400 with `errors` per field; `non_field_errors` holds errors of the whole object. */
export class ValidationError extends ApiError {
  readonly errors: FieldErrors;
  constructor(errors: FieldErrors | string, detail = "Invalid input.") {
    super(400, detail);
    this.errors = typeof errors === "string" ? { non_field_errors: [errors] } : errors;
  }
}

export class ParseError extends ApiError {
  constructor(detail = "Malformed request body.") {
    super(400, detail);
  }
}

export class BadRequest extends ApiError {
  constructor(detail: string) {
    super(400, detail);
  }
}

export class NotAuthenticated extends ApiError {
  constructor(detail = "Authentication credentials were not provided.", challenge?: string) {
    super(401, detail, challenge ? { "WWW-Authenticate": challenge } : {});
  }
}

export class AuthenticationFailed extends ApiError {
  constructor(detail = "Incorrect authentication credentials.", challenge?: string) {
    super(401, detail, challenge ? { "WWW-Authenticate": challenge } : {});
  }
}

export class PermissionDenied extends ApiError {
  constructor(detail = "You do not have permission to perform this action.") {
    super(403, detail);
  }
}

export class NotFound extends ApiError {
  constructor(detail = "Not found.") {
    super(404, detail);
  }
}

export class MethodNotAllowed extends ApiError {
  constructor(method: string, allow: readonly string[]) {
    super(405, `Method "${method}" not allowed.`, { Allow: allow.join(", ") });
  }
}

export class Conflict extends ApiError {
  constructor(detail = "The request conflicts with the current state of the resource.") {
    super(409, detail);
  }
}

export class PayloadTooLarge extends ApiError {
  constructor(limit: number) {
    // The rest of the body is never read: the connection cannot carry another request.
    super(413, `Request body is larger than ${limit} bytes.`, { Connection: "close" });
  }
}

export class UnsupportedMediaType extends ApiError {
  constructor(contentType: string, expected = "application/json") {
    super(415, `Unsupported media type "${contentType.slice(0, 100)}" in request; expected ${expected}.`);
  }
}

/** 406: the request's `Accept` header rules out every media type the route can answer with. */
export class NotAcceptable extends ApiError {
  constructor(detail = "Could not satisfy the request Accept header; this API answers application/json.") {
    super(406, detail);
  }
}

/** 412: an `If-Match` precondition failed (the record changed since the client read it). */
export class PreconditionFailed extends ApiError {
  constructor(detail = "The record has changed since it was read: fetch it again, then retry with its new ETag.") {
    super(412, detail);
  }
}

/**
 * The client went away before its request was read or answered (nginx's 499). Nothing reads this
 * answer; it exists so a disconnect is an ApiError like any other and is never logged as a failure.
 */
export class ClientClosedRequest extends ApiError {
  constructor() {
    super(499, "The client closed the request.");
  }
}

export class Throttled extends ApiError {
  readonly retryAfter: number;
  constructor(retryAfter: number, headers: Record<string, string> = {}) {
    const wait = Math.max(0, Math.ceil(retryAfter));
    super(429, `Request was throttled. Expected available in ${wait} second${wait === 1 ? "" : "s"}.`, {
      ...headers,
      "Retry-After": String(wait),
    });
    this.retryAfter = wait;
  }
}

/**
 * 503 with `Retry-After`: something the request needs (the database) is down, busy, full or too
 * slow. The client did nothing wrong and may try again; the detail says no more than that.
 */
export class ServiceUnavailable extends ApiError {
  readonly retryAfter: number;
  constructor(detail = "The service is temporarily unavailable. Try again later.", retryAfter = 5) {
    const wait = Math.max(1, Math.ceil(retryAfter));
    super(503, detail, { "Retry-After": String(wait) });
    this.retryAfter = wait;
  }
}

/** Thrown at startup (register, registerRoutes) when a viewset cannot serve its routes. */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
  }
}
