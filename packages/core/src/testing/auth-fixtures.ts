/** The auth contract's app: notes with owners, signed in by bearer tokens. */
import { basicAuthentication, bearerTokenAuthentication, appUserAuthentication } from "../auth/authenticators.js";
import {
  definePermission,
  isAdminUser,
  isAuthenticated,
  isAuthenticatedOrReadOnly,
} from "../auth/permission-classes.js";
import type { ApiRequest } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import { defineModel, type RowOfModel } from "../models/define-model.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { MemoryThrottleStore } from "../throttling/memory-store.js";
import { ipRateThrottle } from "../throttling/throttles.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import type { ReadQueryset } from "../viewsets/viewset-options.js";
import type { Manager } from "../query/manager.js";
import { MemoryManager } from "./memory-manager.js";

export const Note = defineModel({
  name: "Note",
  fields: {
    id: { type: "int", primaryKey: true },
    owner: { type: "int", editable: false },
    text: { type: "string" },
  },
});
export type NoteRow = RowOfModel<typeof Note>;

export interface TestUser {
  id: number;
  username: string;
  isStaff: boolean;
}

export const ALICE: TestUser = { id: 1, username: "alice", isStaff: false };
export const BOB: TestUser = { id: 2, username: "bob", isStaff: true };
const TOKENS: Record<string, TestUser> = { "alice-token": ALICE, "bob-token": BOB };

const bearer = bearerTokenAuthentication({ verify: (token) => TOKENS[token] ?? null });
const basic = basicAuthentication({
  verify: (username, password) => (username === "alice" && password === "wonder:land" ? ALICE : null),
});

const isOwnerOrReadOnly = definePermission<NoteRow>({
  hasObjectPermission: (request, _view, note) =>
    request.method === "GET" || note.owner === (request.user as TestUser | undefined)?.id,
  message: "Only the owner may change a note.",
});

/** "Only my own records" in one method: a record outside the scope is 404, not 403. */
class MyNotesViewSet extends BaseViewSet<NoteRow> {
  override getQueryset(request: ApiRequest): ReadQueryset<NoteRow> & Partial<Manager<NoteRow>> {
    const all = this.options.queryset;
    const mine = (note: NoteRow | null) => note !== null && note.owner === (request.user as TestUser).id;
    return {
      ...bindAll(all),
      count: async (ctx) => (await all.all(ctx)).filter(mine).length,
      all: async (ctx) => (await all.all(ctx)).filter(mine),
      get: async (ctx, id) => {
        const note = await all.get(ctx, id);
        return mine(note) ? note : null;
      },
    };
  }
}

function bindAll(manager: MemoryManager<NoteRow> | (ReadQueryset<NoteRow> & Partial<Manager<NoteRow>>)) {
  return {
    create: manager.create?.bind(manager),
    update: manager.update?.bind(manager),
    delete: manager.delete?.bind(manager),
  };
}

export function noteRows(): NoteRow[] {
  return [
    { id: 1, owner: 1, text: "alice one" },
    { id: 2, owner: 1, text: "alice two" },
    { id: 3, owner: 2, text: "bob one" },
  ];
}

/** Notes on one manager; the creating user becomes the owner. */
class NoteManager extends MemoryManager<NoteRow> {
  override async create(
    ctx: Parameters<MemoryManager<NoteRow>["create"]>[0],
    obj: Record<string, unknown>,
  ): Promise<NoteRow> {
    return super.create(ctx, { ...obj, owner: (ctx.user as TestUser | undefined)?.id ?? 0 });
  }
}

export interface AuthApp {
  router: Router;
  notes: NoteManager;
}

export function authApp(): AuthApp {
  const notes = new NoteManager(noteRows());
  // Router defaults: every viewset without its own lists gets these.
  const router = new Router("/auth", { authentication: [bearer], permissions: [isAuthenticated], onError: () => {} });
  const serializer = () => new BaseSerializer();
  router.register(
    "notes",
    new BaseViewSet({
      serializer,
      queryset: notes,
      model: Note,
      authentication: [bearer, basic],
      permissions: [isAuthenticatedOrReadOnly, isOwnerOrReadOnly],
    }),
  );
  router.register("my-notes", new MyNotesViewSet({ serializer, queryset: notes, model: Note }));
  router.register(
    "staff-notes",
    new BaseViewSet({ serializer, queryset: notes, model: Note, permissions: [isAdminUser] }),
  );
  router.register("default-notes", new BaseViewSet({ serializer, queryset: notes, model: Note }));
  router.register(
    "session-notes",
    new BaseViewSet({ serializer, queryset: notes, model: Note, authentication: [appUserAuthentication()] }),
  );
  router.register(
    "archive",
    new BaseViewSet({
      serializer,
      queryset: notes,
      model: Note,
      readOnly: true,
      permissions: [],
      throttles: [ipRateThrottle("2/min", { store: new MemoryThrottleStore() })],
    }),
  );
  const whoami = (request: ApiRequest) =>
    sendJSON(200, { user: (request.user as TestUser | undefined)?.username ?? null });
  router.action("staff-notes", "ping", {}, whoami);
  router.action("staff-notes", "secure-ping", { checks: true }, whoami);
  return { router, notes };
}
