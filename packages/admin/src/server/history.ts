/**
 * The admin's history: what each write through the admin records (who, which record, which action,
 * each changed field's old and new value) and the routes that read it back, per record and the
 * signed-in user's recent actions.
 */
import {
  type ApiRequest,
  type ApiResponse,
  contextOf,
  type FieldDef,
  MethodNotAllowed,
  NotFound,
  PermissionDenied,
  type RequestContext,
  sendJSON,
  ValidationError,
} from "@viewsets/core";
import { isSerializable, parseId, querySetOf, representedField } from "@viewsets/core/internals";
import { type FieldChange, HISTORY_LOG_PAGE, type HistoryLogPage } from "../shared/actions.js";
import type { HistoryStore, NewEntry } from "./history-store.js";
import { humanize, labelFieldOf, type AdminModel } from "./models.js";

/** Who writes, and where their entries go. */
export interface HistoryRecorder {
  readonly store: HistoryStore;
  readonly userId: string;
  readonly username: string;
  readonly now: () => Date;
  /** Told when an entry logged after its write (a model on another database) could not be written: the write stands. */
  readonly onError: (error: unknown) => void;
}

type Row = Record<string, unknown>;
const json = (value: unknown) => JSON.stringify(value ?? null);

/** The fields a change lists: serializable ones (a hidden field, a password hash, is never logged). */
function loggedFields(entry: AdminModel): [string, FieldDef][] {
  return Object.entries(entry.viewset.config.model.fields as Record<string, FieldDef>).filter(([, field]) =>
    isSerializable(field),
  );
}

/** Each logged field whose value the write changed, as the API shows values (dates as ISO text, decimals with their places). */
export function changesOf(entry: AdminModel, before: Row, after: Row): FieldChange[] {
  return loggedFields(entry).flatMap(([name, field]) => {
    if (!Object.hasOwn(after, name)) return [];
    const old = representedField(field, before[name]);
    const value = representedField(field, after[name]);
    if (json(old) === json(value)) return [];
    return [{ field: name, label: humanize(name, field.type === "foreignKey"), old: old ?? null, new: value ?? null }];
  });
}

export function entryOf(
  entry: AdminModel,
  recorder: HistoryRecorder,
  row: Row,
  action: string,
  changes: FieldChange[],
): NewEntry {
  const { primaryKey } = entry.viewset.config.model;
  return {
    userId: recorder.userId,
    username: recorder.username,
    model: entry.name,
    objectId: String(row[primaryKey]),
    objectLabel: String(row[labelFieldOf(entry.viewset)] ?? row[primaryKey]).slice(0, 200),
    action,
    changes,
  };
}

/** Writes entries after the write they describe committed; a failure is told to `onError` and the write stands. */
export async function record(
  recorder: HistoryRecorder,
  request: ApiRequest,
  entries: readonly NewEntry[],
): Promise<void> {
  try {
    await recorder.store.record(contextOf(request), entries, recorder.now());
  } catch (error) {
    recorder.onError(error);
  }
}

export interface Manageable {
  atomic?<R>(ctx: RequestContext, run: () => Promise<R>): Promise<R>;
}

/**
 * Runs a write of a model and logs the entries it returns. When the model's manager opens its
 * transaction on the admin's database (the admin's tables beside the model's), the write and its
 * entries are one transaction: an entry that cannot be written rolls the write back, and the
 * error answers. Otherwise (a manager without `atomic`, or over another database) the entries are
 * written once the write committed, and a failure to write them is told to `onError`.
 */
export async function writeLogged<T>(
  entry: AdminModel,
  request: ApiRequest,
  recorder: HistoryRecorder,
  write: () => Promise<{ readonly result: T; readonly entries: readonly NewEntry[] }>,
): Promise<T> {
  return writeLoggedThrough(entry.viewset.config.queryset, contextOf(request), recorder, write);
}

/** `writeLogged` through a given manager's transaction (the REST API's, for `Admin.historyOf`). */
export async function writeLoggedThrough<T>(
  manager: Manageable,
  ctx: RequestContext,
  recorder: HistoryRecorder,
  write: () => Promise<{ readonly result: T; readonly entries: readonly NewEntry[] }>,
): Promise<T> {
  let later: readonly NewEntry[] = [];
  const run = async () => {
    const { result, entries } = await write();
    if (recorder.store.inTransaction()) await recorder.store.record(ctx, entries, recorder.now());
    else later = entries;
    return result;
  };
  const result = typeof manager.atomic === "function" ? await manager.atomic(ctx, run) : await run();
  await record(recorder, ctx.request, later);
  return result;
}

/** A write's refusal or failure as the rows route answered it: thrown to roll back what it wrote. */
class Unwritten {
  constructor(readonly response: ApiResponse) {}
}

/** The entry of one write of the rows route: a create as "add", a change with its changed fields, a delete. */
function rowsEntry(
  entry: AdminModel,
  recorder: HistoryRecorder,
  method: string,
  before: Row | null,
  response: ApiResponse,
): NewEntry[] {
  if (method === "DELETE") return before ? [entryOf(entry, recorder, before, "delete", [])] : [];
  const after = typeof response.body === "string" ? (JSON.parse(response.body) as Row) : null;
  if (!after) return [];
  const changes = before ? changesOf(entry, before, after) : [];
  return [entryOf(entry, recorder, after, before ? "change" : "add", changes)];
}

/** The rows route with its writes logged, in the write's transaction (see `writeLogged`). */
export async function loggedRows(
  entry: AdminModel,
  id: string | undefined,
  request: ApiRequest,
  recorder: HistoryRecorder,
  serve: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  const { method } = request;
  if (method !== "POST" && method !== "PATCH" && method !== "PUT" && method !== "DELETE") return serve();
  const parsed = id === undefined ? null : parseId(id);
  const ctx = contextOf(request);
  try {
    return await writeLogged(entry, request, recorder, async () => {
      const before = parsed === null ? null : ((await entry.viewset.config.queryset.get(ctx, parsed)) as Row | null);
      const response = await serve();
      // A refused write logs nothing, and whatever it wrote before it failed is rolled back.
      if (response.status >= 300) throw new Unwritten(response);
      return { result: response, entries: rowsEntry(entry, recorder, method, before, response) };
    });
  } catch (error) {
    if (error instanceof Unwritten) return error.response;
    throw error;
  }
}

/** Entries for rows an action changed or deleted: their state before, and after when there is one. */
export function actionEntries(
  entry: AdminModel,
  recorder: HistoryRecorder,
  action: string,
  rows: readonly { readonly before: Row; readonly after: Row | null }[],
): NewEntry[] {
  return rows.map(({ before, after }) =>
    entryOf(entry, recorder, after ?? before, action, after ? changesOf(entry, before, after) : []),
  );
}

/** Re-reads rows by id after an action (what it changed), through the model's manager. */
export async function rowsNow(
  entry: AdminModel,
  request: ApiRequest,
  ids: readonly unknown[],
): Promise<Map<string, Row>> {
  const { primaryKey } = entry.viewset.config.model;
  const rows = (await querySetOf(entry.viewset.getQueryset(request))
    .filter({ kind: "condition", field: primaryKey, lookup: "in", value: ids as never })
    .all(contextOf(request))) as Row[];
  return new Map(rows.map((row) => [String(row[primaryKey]), row]));
}

/** `GET models/{model}/history?object={id}`: one record's entries, newest first (at most 100). */
export async function serveHistory(entry: AdminModel, request: ApiRequest, store: HistoryStore): Promise<ApiResponse> {
  if (request.method !== "GET") throw new MethodNotAllowed(request.method, ["GET"]);
  const object = new URLSearchParams(request.rawQuery).get("object");
  if (object === null || parseId(object) === null) throw new NotFound();
  const results = await store.forObject(contextOf(request), entry.name, String(parseId(object)), 100);
  return sendJSON(200, { results });
}

/**
 * `GET history/recent`: the signed-in user's latest ten entries on the models they may view (the
 * index's Recent actions). `GET history?model=&user=&action=&page=`: the whole log, 50 entries a
 * page, newest first, and whether a next page follows, for `historyReaders` only (403 for others);
 * a model they may not view is a 400.
 */
export async function serveHistoryRoutes(
  request: ApiRequest,
  segments: readonly string[],
  store: HistoryStore,
  userId: string,
  models: readonly string[],
  reader: boolean,
): Promise<ApiResponse> {
  if (segments.length > 2 || (segments.length === 2 && segments[1] !== "recent")) throw new NotFound();
  if (request.method !== "GET") throw new MethodNotAllowed(request.method, ["GET"]);
  const ctx = contextOf(request);
  if (segments.length === 2) return sendJSON(200, { results: await store.forUser(ctx, userId, models, 10) });
  if (!reader) throw new PermissionDenied();
  const params = new URLSearchParams(request.rawQuery);
  const model = params.get("model");
  if (model !== null && !models.includes(model)) throw new ValidationError({ model: ["Not a model you may view."] });
  const page = Number(params.get("page") ?? "1");
  if (!Number.isSafeInteger(page) || page < 1)
    throw new ValidationError({ page: ["A page is a whole number from 1."] });
  const filters = {
    models: model === null ? models : [model],
    username: params.get("user") ?? undefined,
    action: params.get("action") ?? undefined,
  };
  // One entry past the page says whether another page follows.
  const found = await store.list(ctx, filters, HISTORY_LOG_PAGE + 1, (page - 1) * HISTORY_LOG_PAGE);
  const answer: HistoryLogPage = { results: found.slice(0, HISTORY_LOG_PAGE), next: found.length > HISTORY_LOG_PAGE };
  return sendJSON(200, answer);
}

/** The recorder of one request's writes: the admin's store, as its signed-in user. */
export function recorderFor<User>(
  store: HistoryStore,
  options: UserNaming<User>,
  principal: { readonly user: User; readonly id: string },
  now: () => Date,
  onError: (error: unknown) => void,
): HistoryRecorder {
  return { store, userId: principal.id, username: usernameOf(options, principal), now, onError };
}

/** The name a user's entries carry: the accounts' or users' `usernameOf`, else the user's `username`, else the id. */
export function usernameOf<User>(
  options: UserNaming<User>,
  principal: { readonly user: User; readonly id: string },
): string {
  const { user } = principal;
  const named = options.accounts?.usernameOf(user) ?? options.users?.usernameOf?.(user);
  return named ?? String((user as { username?: unknown }).username ?? principal.id);
}

/** The admin's options that name its users: the accounts' or the users' `usernameOf`. */
export interface UserNaming<User> {
  readonly accounts?: { usernameOf(user: User): string } | undefined;
  readonly users?: { usernameOf?(user: User): string } | undefined;
}
