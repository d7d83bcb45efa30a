/** The six handlers of a viewset: list, create, retrieve, update, partial update and destroy. */
import { isFormContentType, readWriteBody } from "../http/body.js";
import { SPARSE_MEDIA_TYPE } from "../http/media-types.js";
import type { ApiResponse } from "../http/request.js";
import { noContent, sendJSON } from "../http/respond.js";
import { settledValue, UNSETTLED } from "../http/thenable.js";
import type { FieldPlan } from "../serializers/field-plan.js";
import { checkForeignKeysVisible } from "../serializers/foreign-keys.js";
import { checkRelatedExist, requestFields } from "../serializers/related-writes.js";
import { narrowColumns, sparseFieldPlan } from "../serializers/sparse-fields.js";
import { cleaning, validateBodyNow, type WriteMode } from "../serializers/validate.js";
import { bulkCreate, bulkCreateLimit } from "./bulk-create.js";
import { checkIfMatch, taggedJSON } from "./conditional.js";
import { formValues } from "./form-values.js";
import type { ViewContext } from "./view-context.js";
import type { WriteQueryset } from "./viewset-options.js";
import { ViewSetHooks } from "./viewset-hooks.js";
import type { NoRelations } from "../query/relations.js";

/** The six handlers on top of the hooks; `BaseViewSet` adds the dispatch that guards and runs them. */
export class ViewSetHandlers<Row extends object, Rel = NoRelations> extends ViewSetHooks<Row, Rel> {
  async list(context: ViewContext): Promise<ApiResponse> {
    const { request } = context;
    const plan = this.getFieldPlan();
    // The serializer's plan also gives the grammar: the list derives the fields once.
    this.grammarOf(request, plan);
    const shown = sparseFieldPlan(plan, context.params);
    const { queryset, ordering } = this.listQueryset(request);
    // `?fields=` and `?omit=` narrow the columns too; a full response reads whole rows, as overrides may expect.
    const narrowed = shown === plan ? queryset : narrowColumns(queryset, this.options.model, shown, ordering);
    const page = await this.paginateQueryset(narrowed, request, ordering);
    const objects = this.responseObjects(context, page.rows, shown);
    const body = page.envelope(objects instanceof Promise ? await objects : objects);
    return sparseLabelled(taggedJSON(request, 200, body), shown !== plan);
  }

  /** The body of a create or update: JSON, or a form whose text values are typed by the model's fields. */
  private readBody(context: ViewContext, plan: FieldPlan): Promise<unknown> {
    const { request } = context;
    const reading = readWriteBody(request, this.options.bodyLimit ?? context.settings.bodyLimit);
    if (!isFormContentType(request.headers["content-type"])) return reading;
    return reading.then((body) =>
      typeof body === "object" && body !== null
        ? formValues(body as Record<string, unknown>, requestFields(this.options.model, plan))
        : body,
    );
  }

  async create(context: ViewContext): Promise<ApiResponse> {
    const { request } = context;
    const { model } = this.options;
    const plan = this.getFieldPlan();
    const body = await this.readBody(context, plan);
    const maxItems = bulkCreateLimit(this.options.bulkCreate);
    if (Array.isArray(body) && maxItems !== undefined) return this.createMany(context, body, plan, maxItems);
    // Steps with nothing to wait for are taken at once: each promise followed is a turn of the
    // microtask queue (finding 24 in BENCHMARKS.md).
    const validating = this.validate(context, body, plan, "create");
    const data = validating instanceof Promise ? await validating : validating;
    const checkingReferences = this.checkReferences(context, data, plan);
    if (checkingReferences) await checkingReferences;
    const cleaned = cleaning(model, data, { action: "create" });
    if (cleaned) await cleaned;
    // The drizzle manager's row on SQLite is there at once (`settledWith`): taken without a turn.
    const creating = this.getQueryset(request).create!(context, data);
    const stored = settledValue(creating);
    const created = stored === UNSETTLED ? await creating : stored;
    const id = String((created as Record<string, unknown>)[model.primaryKey]);
    const listPath = request.path.endsWith("/") ? request.path : `${request.path}/`;
    const objects = this.responseObjects(context, [created], plan);
    const out = (objects instanceof Promise ? await objects : objects)[0];
    return sendJSON(201, out, { Location: `${request.origin}${listPath}${id}` });
  }

  /**
   * A bulk create (a list body where `bulkCreate` allows one). A method of its own, not a branch of
   * `create`: its closures would make V8 keep `create`'s variables in a context allocated on every call.
   */
  private createMany(context: ViewContext, body: unknown[], plan: FieldPlan, maxItems: number): Promise<ApiResponse> {
    const queryset = this.getQueryset(context.request) as WriteQueryset<Row>;
    // Each row as a single create shows it: related and computed fields loaded (one query per target).
    const serialize = (rows: readonly Row[]) => this.serializeRows(context, rows, plan);
    const check = (item: Record<string, unknown>) => this.checkReferences(context, item, plan);
    const { model } = this.options;
    return bulkCreate(context, body, {
      model,
      plan,
      maxItems,
      queryset,
      serialize,
      check,
      reject: this.rejectsUnknown,
    });
  }

  /**
   * The rows a write points at, before it is written: each writable related field's target row
   * exists, and each foreign key names a row its target's manager shows this request (a hidden
   * row is answered as a missing one). Undefined when there is nothing to look up.
   */
  private checkReferences(
    context: ViewContext,
    data: Record<string, unknown>,
    plan: FieldPlan,
  ): Promise<void> | undefined {
    const related = checkRelatedExist(context, data, plan);
    const keys = checkForeignKeysVisible(context, data, this.options.model, context.settings.foreignKeyTarget);
    if (!related) return keys;
    return keys ? Promise.all([related, keys]).then(() => undefined) : related;
  }

  private get rejectsUnknown(): boolean {
    return this.options.rejectUnknownRequestFields === true;
  }

  /** A body validated for one write, in the router's words. */
  private validate(context: ViewContext, body: unknown, plan: FieldPlan, mode: WriteMode) {
    return validateBodyNow(body, this.options.model, plan, mode, this.rejectsUnknown, context.settings.messages);
  }

  async retrieve(context: ViewContext, id: number | bigint): Promise<ApiResponse> {
    return this.retrieveNow(context, id);
  }

  /**
   * `retrieve`, answered at once where nothing has to be waited for: the manager's row is already
   * there (`settledWith`, as the drizzle manager's on SQLite), no permission checks objects and no
   * field loads anything. Each promise followed costs a turn of the microtask queue, and an
   * adapter that gets a response (not a promise) writes it in the same turn (BENCHMARKS.md,
   * finding 15).
   */
  protected retrieveNow(context: ViewContext, id: number | bigint): ApiResponse | Promise<ApiResponse> {
    const plan = this.getFieldPlan();
    const shown = sparseFieldPlan(plan, context.params);
    const sparse = shown !== plan;
    // The whole row: object permissions and overrides of getObject see every field. The base
    // class's own getObject runs inline: one async function fewer per request, a measured cost.
    if (this.getObject !== ViewSetHooks.prototype.getObject) {
      return Promise.resolve(this.getObject(context, id)).then((obj) => this.retrieved(context, obj, shown, sparse));
    }
    const loading = this.getQueryset(context.request).get(context, id);
    const loaded = settledValue(loading);
    if (loaded === UNSETTLED) {
      return Promise.resolve(loading).then((obj) => this.retrievedChecked(context, obj, shown, sparse));
    }
    return this.retrievedChecked(context, loaded, shown, sparse);
  }

  /** The retrieve's answer for the row the manager found (or did not: 404), past object permissions. */
  private retrievedChecked(
    context: ViewContext,
    found: Row | null | undefined,
    shown: FieldPlan,
    sparse: boolean,
  ): ApiResponse | Promise<ApiResponse> {
    const obj = this.checkedObject(context, found);
    return obj instanceof Promise
      ? obj.then((row) => this.retrieved(context, row, shown, sparse))
      : this.retrieved(context, obj, shown, sparse);
  }

  /** The retrieve's answer for an object it may show. */
  private retrieved(
    context: ViewContext,
    obj: Row,
    shown: FieldPlan,
    sparse: boolean,
  ): ApiResponse | Promise<ApiResponse> {
    const objects = this.responseObjects(context, [obj], shown);
    return objects instanceof Promise
      ? objects.then((out) => sparseLabelled(taggedJSON(context.request, 200, out[0]), sparse))
      : sparseLabelled(taggedJSON(context.request, 200, objects[0]), sparse);
  }

  async update(context: ViewContext, id: number | bigint): Promise<ApiResponse> {
    return this.write(context, id, "update");
  }

  async partialUpdate(context: ViewContext, id: number | bigint): Promise<ApiResponse> {
    return this.write(context, id, "partial");
  }

  async destroy(context: ViewContext, id: number | bigint): Promise<ApiResponse> {
    const obj = await this.getObject(context, id);
    await checkIfMatch(context.request, async () => (await this.serializeRows(context, [obj], this.getFieldPlan()))[0]);
    await this.getQueryset(context.request).delete!(context, obj);
    return noContent();
  }

  private async write(context: ViewContext, id: number | bigint, mode: "update" | "partial"): Promise<ApiResponse> {
    const { model } = this.options;
    const plan = this.getFieldPlan();
    // The body is read and validated before the object is loaded: bad input never reaches the manager.
    const body = await this.readBody(context, plan);
    const validating = this.validate(context, body, plan, mode);
    const data = validating instanceof Promise ? await validating : validating;
    const obj = await this.getObject(context, id);
    // The tag is of the record as a retrieve shows it, before this write changes it.
    await checkIfMatch(context.request, async () => (await this.serializeRows(context, [obj], plan))[0]);
    const checkingReferences = this.checkReferences(context, data, plan);
    if (checkingReferences) await checkingReferences;
    // clean sees (and may change) the object as it would be saved; obj stays as stored until it passes.
    const merged = { ...obj, ...data } as Row;
    const cleaned = cleaning(model, merged, {
      action: mode === "update" ? "update" : "partial_update",
      instance: obj,
    });
    if (cleaned) await cleaned;
    Object.assign(obj, merged);
    const updated = await this.getQueryset(context.request).update!(context, obj);
    const objects = this.responseObjects(context, [updated ?? obj], plan);
    const [out] = objects instanceof Promise ? await objects : objects;
    return taggedJSON(context.request, 200, out);
  }
}

/**
 * A list or retrieve narrowed by `?fields=` or `?omit=` under its own media type (`SPARSE_MEDIA_TYPE`):
 * the document describes it apart from the full answer, whose every field a client can count on.
 */
function sparseLabelled(response: ApiResponse, sparse: boolean): ApiResponse {
  if (sparse && response.status === 200) response.headers["Content-Type"] = SPARSE_CONTENT_TYPE;
  return response;
}

const SPARSE_CONTENT_TYPE = `${SPARSE_MEDIA_TYPE}; charset=utf-8`;
