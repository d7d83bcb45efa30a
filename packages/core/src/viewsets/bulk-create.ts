/** Bulk create: a list of objects validated whole, then written in one transaction. */
import { type FieldErrors, ValidationError } from "../http/errors.js";
import type { ModelShape } from "../models/define-model.js";
import type { FieldPlan } from "../serializers/field-plan.js";
import { formatMessage, type ValidationMessages } from "../serializers/messages.js";
import { cleanObject, validateBody } from "../serializers/validate.js";
import type { ApiResponse, RequestContext } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import { type MaybeAtomic, runAtomic } from "./atomic.js";

/**
 * How a viewset takes a JSON array POSTed to its list route. Off unless a viewset sets
 * `bulkCreate`: an array then changes what create answers (a list, no Location), and a client
 * that sends one by mistake should get a 400, not a batch of rows (DRF too asks for `many=True`).
 */
export interface BulkCreateOptions {
  /** The most items one request may create (100 by default, as the largest page). */
  readonly maxItems?: number;
}

export const DEFAULT_BULK_MAX_ITEMS = 100;

/** The largest batch a viewset accepts, or undefined when it takes no arrays (the default). */
export function bulkCreateLimit(option: boolean | BulkCreateOptions | undefined): number | undefined {
  if (option === undefined || option === false) return undefined;
  return option === true ? DEFAULT_BULK_MAX_ITEMS : (option.maxItems ?? DEFAULT_BULK_MAX_ITEMS);
}

/** Errors of one item under its index: `{ name: [...] }` of item 1 is `{ "1.name": [...] }`. */
export function errorsOfItem(index: number, errors: FieldErrors): FieldErrors {
  const out: FieldErrors = Object.create(null) as FieldErrors;
  for (const [field, messages] of Object.entries(errors)) out[`${index}.${field}`] = messages;
  return out;
}

export interface ItemsInput {
  readonly model: ModelShape;
  readonly plan: FieldPlan;
  readonly rejectUnknown: boolean;
  readonly messages: ValidationMessages;
  readonly maxItems: number;
}

/**
 * Validates and cleans every item of a bulk create before anything is written, reporting the
 * errors of all items at once, each under its index. Returns the items as `create` takes them.
 */
export async function validateItems(items: readonly unknown[], input: ItemsInput): Promise<Record<string, unknown>[]> {
  if (items.length > input.maxItems) {
    throw new ValidationError(formatMessage(input.messages.maxItems, { max_length: input.maxItems }));
  }
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  const valid: Record<string, unknown>[] = [];
  for (const [index, item] of items.entries()) {
    try {
      const data = await validateBody(item, input.model, input.plan, "create", input.rejectUnknown, input.messages);
      await cleanObject(input.model, data, { action: "create" });
      valid.push(data);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      Object.assign(errors, errorsOfItem(index, error.errors));
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return valid;
}

/**
 * Creates each item in turn (inside the caller's transaction); a database's refusal of one item
 * (a missing foreign key, a NULL) names that item's index.
 */
export async function createEach<Row>(
  items: readonly Record<string, unknown>[],
  create: (item: Record<string, unknown>) => Promise<Row>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [index, item] of items.entries()) {
    try {
      rows.push(await create(item));
    } catch (error) {
      if (error instanceof ValidationError) throw new ValidationError(errorsOfItem(index, error.errors), error.message);
      throw error;
    }
  }
  return rows;
}

export interface BulkTarget<Row> extends Omit<ItemsInput, "rejectUnknown" | "messages"> {
  readonly reject: boolean;
  readonly queryset: MaybeAtomic & { create(ctx: RequestContext, obj: Record<string, unknown>): Promise<Row> };
  /** The response objects of the created rows, as a single create shows its row. */
  serialize(rows: readonly Row[]): Promise<Record<string, unknown>[]>;
  /** The checks of one valid item that ask the database (its related rows exist), run before it is created. */
  check?(item: Record<string, unknown>): Promise<void> | undefined;
}

/** Bulk create: every item validated first, then all created in one transaction, or none. 201 with the list. */
export async function bulkCreate<Row>(
  context: RequestContext & { readonly settings: { readonly messages: ValidationMessages } },
  items: readonly unknown[],
  target: BulkTarget<Row>,
): Promise<ApiResponse> {
  const { model, plan, maxItems, queryset } = target;
  const messages = context.settings.messages;
  const valid = await validateItems(items, { model, plan, maxItems, messages, rejectUnknown: target.reject });
  const created = await runAtomic(queryset, context, () =>
    createEach(valid, async (item) => {
      const checking = target.check?.(item);
      if (checking) await checking;
      return queryset.create(context, item);
    }),
  );
  return sendJSON(201, await target.serialize(created));
}
