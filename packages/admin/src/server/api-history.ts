/**
 * Opt-in history of the REST API's writes (`Admin.historyOf`): a model's manager whose creates,
 * updates and deletes are logged in the admin's history as the request's user, in the write's
 * transaction when the manager shares the admin's database (see `writeLogged`).
 */
import type { RequestContext } from "@viewsets/core";
import type { HistoryStore } from "./history-store.js";
import {
  changesOf,
  entryOf,
  type HistoryRecorder,
  type Manageable,
  recorderFor,
  type UserNaming,
  writeLoggedThrough,
} from "./history.js";
import type { AdminModel } from "./models.js";

type Row = Record<string, unknown>;

/** The writes the wrapper logs: the rest of the manager is used as it is. */
interface Writes extends Manageable {
  get(ctx: RequestContext, id: number | bigint): Promise<object | null>;
  create?(ctx: RequestContext, obj: object): Promise<object>;
  update?(ctx: RequestContext, obj: object): Promise<object>;
  delete?(ctx: RequestContext, obj: object): Promise<void>;
}

export interface ApiHistoryOptions {
  /** The registered model, looked up when a write is made. */
  readonly entry: () => AdminModel;
  /** Who the request's user is, as their entries name them; null for a write the admin logs itself. */
  readonly recorder: (ctx: RequestContext) => HistoryRecorder | null;
  /** The admin's tables, created when missing (`Admin.ready`). */
  readonly ready: () => Promise<void>;
}

/** Where an API request's entries go, and how its user is named. */
export interface ApiHistoryWriter<User> {
  /** The admin's path: its own requests are logged by the admin, once. */
  readonly path: string;
  readonly store: HistoryStore;
  readonly options: UserNaming<User>;
  /** The user's id as the admin keeps it (`AdminAuth.idOf`). */
  readonly idOf: (user: User) => string;
  readonly now: () => Date;
}

/** The recorder of an API request's writes: as its user, or "anonymous"; null for a request to the admin. */
export function apiRecorderOf<User>(
  ctx: RequestContext,
  writer: ApiHistoryWriter<User>,
  onError: (error: unknown) => void,
): HistoryRecorder | null {
  const { path } = ctx.request;
  if (path === writer.path || path.startsWith(`${writer.path}/`)) return null;
  const user = ctx.user as User | null | undefined;
  if (user === null || user === undefined) {
    return { store: writer.store, userId: "", username: "anonymous", now: writer.now, onError };
  }
  const principal = { user, id: writer.idOf(user) };
  return recorderFor(writer.store, writer.options, principal, writer.now, onError);
}

function idOf(row: Row, primaryKey: string): number | bigint | null {
  const id = row[primaryKey];
  return typeof id === "number" || typeof id === "bigint" ? id : null;
}

/** `manager` with its creates ("add"), updates ("change", with each changed field) and deletes logged. */
export function loggedManager<M extends object>(manager: M, options: ApiHistoryOptions): M {
  const inner = manager as unknown as Writes;
  const logged = {
    async create(ctx: RequestContext, obj: object) {
      const recorder = options.recorder(ctx);
      if (!recorder) return inner.create!(ctx, obj);
      const entry = options.entry();
      await options.ready();
      return writeLoggedThrough(inner, ctx, recorder, async () => {
        const after = (await inner.create!(ctx, obj)) as Row;
        return { result: after, entries: [entryOf(entry, recorder, after, "add", [])] };
      });
    },
    async update(ctx: RequestContext, obj: object) {
      const recorder = options.recorder(ctx);
      if (!recorder) return inner.update!(ctx, obj);
      const entry = options.entry();
      await options.ready();
      return writeLoggedThrough(inner, ctx, recorder, async () => {
        // The stored row before the write (the object given is already changed in place).
        const id = idOf(obj as Row, entry.viewset.config.model.primaryKey);
        const before = id === null ? null : ((await inner.get(ctx, id)) as Row | null);
        const after = (await inner.update!(ctx, obj)) as Row;
        const changes = before ? changesOf(entry, before, after) : [];
        return { result: after, entries: [entryOf(entry, recorder, after, "change", changes)] };
      });
    },
    async delete(ctx: RequestContext, obj: object) {
      const recorder = options.recorder(ctx);
      if (!recorder) return inner.delete!(ctx, obj);
      const entry = options.entry();
      await options.ready();
      return writeLoggedThrough(inner, ctx, recorder, async () => {
        await inner.delete!(ctx, obj);
        return { result: undefined, entries: [entryOf(entry, recorder, obj as Row, "delete", [])] };
      });
    },
  };
  // The manager itself beneath, with only its writes replaced: its reads are its own, with no trap
  // in the way of each property a method reads on `this` (a Proxy's cost on every API read).
  const wrapped = Object.create(manager) as Record<string, unknown>;
  for (const name of ["create", "update", "delete"] as const) if (name in manager) wrapped[name] = logged[name];
  return wrapped as M;
}
