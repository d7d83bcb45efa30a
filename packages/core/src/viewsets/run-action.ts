/** Running a custom action: its body and query validated, its checks, its object, its answer. */
import * as v from "valibot";
import { readJSONBody } from "../http/body.js";
import { MethodNotAllowed, ValidationError } from "../http/errors.js";
import { errorResponse } from "../http/problem.js";
import type { ApiRequest, ApiResponse, RequestBody } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import { parseBoolean, parseId } from "../query/coerce.js";
import type { FieldPlan } from "../serializers/field-plan.js";
import { fieldPlan } from "../serializers/field-plan.js";
import { issuesToErrors } from "../serializers/issues.js";
import type { ActionContext, ActionRoute, HttpMethod } from "./actions.js";
import { runAtomic } from "./atomic.js";
import { BaseViewSet } from "./base-viewset.js";
import { answeredFailure } from "./settings.js";
import { ViewContext } from "./view-context.js";
import { ViewSetConfig } from "./viewset-config.js";
import type { ViewSet, ViewSettings } from "./viewset.js";

/** Methods whose body an action's `requestSchema` validates. */
const BODY_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH"]);

/** The BaseViewSet of the action's resource (what a ViewSetConfig builds now), if it has one. */
export function baseViewSetOf(viewset: ViewSet | undefined): BaseViewSet<object> | undefined {
  if (viewset instanceof BaseViewSet) return viewset as BaseViewSet<object>;
  if (viewset instanceof ViewSetConfig) return viewset.build() as BaseViewSet<object>;
  return undefined;
}

function needs(action: ActionRoute, what: string): Error {
  return new TypeError(`viewsets: action ${action.resource}.${action.name}: ${what}`);
}

/** The body checked by the action's `requestSchema`: 400 with `errors` per field when it fails. */
async function actionBodyOf(action: ActionRoute, request: ApiRequest, settings: ViewSettings, limit?: number) {
  const schema = action.config.requestSchema;
  if (!schema || !BODY_METHODS.has(request.method)) return undefined;
  const raw = await readJSONBody(request, limit ?? settings.bodyLimit);
  // The handler may still read the body with getJSON: hand it the parsed value, not a spent stream.
  (request as { body: RequestBody }).body = { kind: "parsed", value: raw };
  const input = raw === undefined && String((schema as { type?: unknown }).type).endsWith("object") ? {} : raw;
  const result = schema.async ? await v.safeParseAsync(schema, input) : v.safeParse(schema, input);
  if (!result.success) throw new ValidationError(issuesToErrors(result.issues, {}, settings.messages));
  return result.output;
}

/** The type a query entry's schema checks first (`number` of `v.optional(v.pipe(v.number(), ...))`). */
function baseType(schema: unknown): string | undefined {
  let current = schema as { type?: string; wrapped?: unknown } | undefined;
  while (current && (current.type === "optional" || current.type === "nullish" || current.type === "nullable")) {
    current = current.wrapped as typeof current;
  }
  return current?.type;
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A query value as its entry's schema takes it: a number or boolean schema gets the number or
 * boolean the text spells (as JSON Schema's validators read a query), anything else the text.
 */
function queryValue(schema: unknown, text: string): unknown {
  const type = baseType(schema);
  if (type === "number" && NUMBER_TEXT.test(text)) return Number(text);
  if (type === "boolean") return parseBoolean(text) ?? text;
  return text;
}

/**
 * The query checked by the action's `querySchema`: each of its keys is one parameter, read as its
 * last value; 400 with `errors` per parameter when it fails.
 */
function validatedQuery(action: ActionRoute, request: ApiRequest, settings: ViewSettings) {
  const schema = action.config.querySchema;
  if (!schema) return undefined;
  const entries = (schema as { entries?: Record<string, unknown> }).entries ?? {};
  const params = ViewContext.of(request).params;
  const input: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(entries)) {
    const values = params.get(key);
    if (values !== undefined && values.length > 0) input[key] = queryValue(entry, values[values.length - 1]!);
  }
  const result = v.safeParse(schema, input);
  if (!result.success) throw new ValidationError(issuesToErrors(result.issues, {}, settings.messages));
  return result.output;
}

/** The helpers a handler gets: the parsed id, the object as retrieve loads it, the body, respond. */
function actionContext(
  action: ActionRoute,
  request: ApiRequest,
  base: BaseViewSet<object> | undefined,
  data: unknown,
  query: unknown,
): ActionContext {
  const ctx = ViewContext.of(request);
  const id = action.detail && request.params?.id !== undefined ? (parseId(request.params.id) ?? undefined) : undefined;
  let object: Promise<object> | undefined;
  const planOf = (): FieldPlan => {
    const serializer = action.config.serializer;
    if (!base) throw needs(action, "a serializer needs a BaseViewSet registered for the resource");
    return serializer === true || serializer === undefined
      ? base.getFieldPlan()
      : fieldPlan(base.options.model, serializer(), base.options);
  };
  return {
    request,
    id,
    data,
    query,
    ctx,
    getObject<Row extends object>(): Promise<Row> {
      if (id === undefined || !base) {
        return Promise.reject(needs(action, "getObject() needs a detail action of a resource with a BaseViewSet"));
      }
      object ??= base.getObject(ctx, id);
      return object as Promise<Row>;
    },
    async respond(value, status = 200, headers = {}) {
      if (action.config.serializer) {
        // The rows as a retrieve shows them: related fields loaded (one query per target), computed ones run.
        const rows = (Array.isArray(value) ? value : [value]) as object[];
        const shown = await base!.serializeRows(ctx, rows, planOf());
        return sendJSON(status, Array.isArray(value) ? shown : shown[0], headers);
      }
      const schema = action.config.responseSchema;
      if (!schema) return sendJSON(status, value, headers);
      // Only the schema's keys leave the server; a value that does not fit is the server's bug (500).
      const result = v.safeParse(schema, value);
      if (!result.success) throw needs(action, "the response does not match its responseSchema");
      return sendJSON(status, result.output, headers);
    },
  };
}

/**
 * Runs a custom action: 405 for a method it does not answer; with `checks`, the viewset's
 * authentication, permissions and throttles; then its body schema, its transaction (`atomic`)
 * and its handler. Every error becomes its problem response.
 */
export async function runAction(
  action: ActionRoute,
  viewset: ViewSet | undefined,
  request: ApiRequest,
  settings: ViewSettings,
  params: Record<string, string>,
): Promise<ApiResponse> {
  if (!action.methods.includes(request.method as HttpMethod)) {
    return errorResponse(new MethodNotAllowed(request.method, action.methods));
  }
  request.params = params;
  const base =
    action.config.checks || action.detail || action.config.atomic || action.config.serializer
      ? baseViewSetOf(viewset)
      : undefined;
  const run = async (): Promise<ApiResponse> => {
    const query = validatedQuery(action, request, settings);
    const data = await actionBodyOf(action, request, settings, base?.options.bodyLimit);
    const handle = async () => action.handler(request, actionContext(action, request, base, data, query) as never);
    if (!action.config.atomic) return handle();
    if (!base) throw needs(action, "atomic needs a BaseViewSet registered for the resource");
    return runAtomic(base.getQueryset(request), ViewContext.of(request), handle);
  };
  if (action.config.checks && viewset?.checkAction) {
    return viewset.checkAction(action.resource, action.name, request, settings, run);
  }
  const readOnly = base?.options.readOnly === true;
  ViewContext.for(request, settings, { resource: action.resource, action: action.name, readOnly });
  try {
    return await run();
  } catch (error) {
    return errorResponse(answeredFailure(error, request, settings));
  }
}
