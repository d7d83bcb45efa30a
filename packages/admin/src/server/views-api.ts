/** ADMIN.md's saved-views routes: bodies checked against the model's grammar before the store keeps them. */
import {
  type ApiRequest,
  type ApiResponse,
  Conflict,
  type FieldDef,
  memoryQuerySet,
  MethodNotAllowed,
  noContent,
  NotFound,
  type RequestContext,
  sendJSON,
  ValidationError,
} from "@viewsets/core";
import { lookupsFor, parseInt64, readJSONBody, textProblem } from "@viewsets/core/internals";
import { filterAdminQuerySet } from "./grammar.js";
import type { AdminViewSet } from "./rows.js";
import type { SavedViewBody } from "../shared/wire.js";
import type { SavedViewStore } from "./saved-views.js";
import { codePointLength } from "./text.js";

const MAX_FILTER_KEYS = 100;
const MAX_VALUES = 100;
const MAX_VALUE_LENGTH = 1000;
const MAX_NAME_LENGTH = 100;
const NOT_FILTERS = new Set(["search", "ordering", "page", "page_size", "cursor", "format", "tz", "view", "columns"]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether `key` is a filter parameter of the model's grammar: `field`, `field__lookup` or `field__preset`. */
function namesFilter(key: string, viewset: AdminViewSet<object>): boolean {
  if (NOT_FILTERS.has(key)) return false;
  const split = key.indexOf("__");
  const name = split === -1 ? key : key.slice(0, split);
  const lookup = split === -1 ? "exact" : key.slice(split + 2);
  const field = (viewset.config.model.fields as Record<string, FieldDef>)[name];
  if (!field || !Object.hasOwn(viewset.config.model.fields, name) || !viewset.grammar.filterable.has(name))
    return false;
  if (lookup === "preset") return field.type === "time" || field.type === "date";
  return (lookupsFor(field) as readonly string[]).includes(lookup);
}

/**
 * A view's `columns`: null (every column), or a list of listDisplay's column names, each once;
 * else the sentence saying what is wrong.
 */
function columnsProblem(columns: unknown, viewset: AdminViewSet<object>): readonly string[] | null | string {
  if (columns === null) return null;
  const names = viewset.columns.names;
  if (!Array.isArray(columns) || columns.length === 0 || columns.length > names.length) {
    return "Send null or a list of the list's columns to show.";
  }
  const unknown = columns.filter((name) => typeof name !== "string" || !names.includes(name));
  if (unknown.length > 0) return `Not a column of this list: ${unknown.map(String).join(", ").slice(0, 200)}.`;
  if (new Set(columns).size !== columns.length) return "Name each column once.";
  return columns as string[];
}

/** A saved view's body checked against the model's rows grammar before anything is stored. */
function parseViewBody(body: unknown, viewset: AdminViewSet<object>, requireName: boolean): SavedViewBody {
  if (!isPlainObject(body)) throw new ValidationError("Send a JSON object.");
  const errors: Record<string, string[]> = {};
  const input: { -readonly [K in keyof SavedViewBody]: SavedViewBody[K] } = {};
  if (body.name !== undefined || requireName) {
    const name = typeof body.name === "string" ? body.name.trim() : "";
    const problem = textProblem(name);
    if (typeof body.name !== "string" || name === "") errors.name = ["This field may not be blank."];
    else if (codePointLength(name) > MAX_NAME_LENGTH)
      errors.name = [`Ensure this field has no more than ${MAX_NAME_LENGTH} characters.`];
    else if (problem) errors.name = [problem];
    else input.name = name;
  }
  if (body.search !== undefined) {
    const problem = typeof body.search === "string" ? textProblem(body.search) : null;
    if (typeof body.search !== "string" || codePointLength(body.search) > MAX_VALUE_LENGTH) {
      errors.search = ["Enter text of at most 1000 characters."];
    } else if (problem) errors.search = [problem];
    else input.search = body.search;
  }
  if (body.filters !== undefined) {
    const filters = body.filters;
    if (!isPlainObject(filters) || Object.keys(filters).length > MAX_FILTER_KEYS) {
      errors.filters = [`Send an object of at most ${MAX_FILTER_KEYS} query parameters, each a list of strings.`];
    } else {
      const clean = new Map<string, string[]>();
      for (const [key, values] of Object.entries(filters)) {
        const valid =
          Array.isArray(values) &&
          values.length > 0 &&
          values.length <= MAX_VALUES &&
          values.every((v) => typeof v === "string" && v.length <= MAX_VALUE_LENGTH);
        if (!namesFilter(key, viewset))
          (errors.filters ??= []).push(`${key.slice(0, 60)}: not a filter of this model.`);
        else if (!valid) (errors.filters ??= []).push(`${key.slice(0, 60)}: send a list of 1 to 100 strings.`);
        else clean.set(key, values as string[]);
      }
      if (!errors.filters) {
        try {
          // The same grammar the rows use: a value that does not coerce is a 400 naming its parameter.
          filterAdminQuerySet(
            memoryQuerySet(async () => []),
            clean,
            viewset.grammar,
          );
          input.filters = Object.fromEntries(clean);
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          errors.filters = Object.entries(error.errors ?? {}).map(([key, messages]) => `${key}: ${messages.join(" ")}`);
        }
      }
    }
  }
  if (body.ordering !== undefined) {
    const ordering = body.ordering;
    const sorts = (name: string) =>
      viewset.grammar.orderable.has(name) || viewset.columns.computed.get(name)?.ordering !== undefined;
    const orderable = (term: unknown) => typeof term === "string" && sorts(term.startsWith("-") ? term.slice(1) : term);
    if (!Array.isArray(ordering) || ordering.length > 20 || !ordering.every(orderable)) {
      errors.ordering = ["Send a list of orderable fields, each with an optional leading minus."];
    } else input.ordering = ordering as string[];
  }
  if (body.columns !== undefined) {
    const columns = columnsProblem(body.columns, viewset);
    if (typeof columns === "string") errors.columns = [columns];
    else input.columns = columns;
  }
  if (body.isDefault !== undefined) {
    if (typeof body.isDefault !== "boolean") errors.isDefault = ["Must be a valid boolean."];
    else input.isDefault = body.isDefault;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return input;
}

/** ADMIN.md's saved views of one model for the signed-in user; another user's view is 404, untouched. */
export async function serveSavedViews(options: {
  readonly request: ApiRequest;
  readonly ctx: RequestContext;
  readonly store: SavedViewStore;
  readonly userId: string;
  readonly model: string;
  readonly viewset: AdminViewSet<object>;
  readonly id: string | undefined;
  readonly bodyLimit: number;
  readonly location: (id: unknown) => string;
}): Promise<ApiResponse> {
  const { request, ctx, store, userId, model, viewset } = options;
  if (options.id === undefined) {
    if (request.method === "GET") return sendJSON(200, await store.list(ctx, userId, model));
    if (request.method !== "POST") throw new MethodNotAllowed(request.method, ["GET", "POST"]);
    const input = parseViewBody(await readJSONBody(request, options.bodyLimit), viewset, true);
    const { view, created } = await store.save(ctx, userId, model, input as SavedViewBody & { name: string });
    return created ? sendJSON(201, view, { Location: options.location(view.id) }) : sendJSON(200, view);
  }
  const id = parseInt64(options.id);
  if (id === null || typeof id === "bigint") throw new NotFound();
  if (request.method === "DELETE") {
    if (!(await store.remove(ctx, userId, model, id))) throw new NotFound();
    return noContent();
  }
  if (request.method !== "PATCH") throw new MethodNotAllowed(request.method, ["PATCH", "DELETE"]);
  const input = parseViewBody(await readJSONBody(request, options.bodyLimit), viewset, false);
  const result = await store.patch(ctx, userId, model, id, input);
  if (result === null) throw new NotFound();
  if (result === "conflict") throw new Conflict("You already have a view with that name.");
  return sendJSON(200, result);
}
