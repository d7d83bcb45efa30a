/** The admin as one mountable handler: its registered models and the routes of ADMIN.md's API. */
import {
  type ApiRequest,
  type ApiResponse,
  ApiError,
  ConfigurationError,
  contextOf,
  type FieldDef,
  MethodNotAllowed,
  type Mountable,
  type NoRelations,
  NotFound,
  PermissionDenied,
  sendJSON,
  type ViewSettings,
} from "@viewsets/core";
import {
  behindProxies,
  defaultAllowedHosts,
  DEFAULT_BODY_LIMIT,
  errorResponse,
  headResponse,
  HostCheck,
  isServerFailure,
  missingHostsMessage,
  type OriginOptions,
  resolveSettings,
  withMethod,
} from "@viewsets/core/internals";
import { clientIp, type Throttle } from "@viewsets/core/throttling";
import { databaseOutages } from "@viewsets/drizzle";
import { UiAssets } from "./assets.js";
import { createAdminAuth, serveSession } from "./accounts.js";
import { type Registration, checkAdmin } from "./check.js";
import type { ModelConfig } from "./config.js";
import { type AdminModel, withinSwitches } from "./models.js";
import { serveModelList } from "./models-api.js";
import { ModelRegistry } from "./registry.js";
import { AdminViewSet } from "./rows.js";
import { createSavedViewStore, type SavedViewStore } from "./saved-views.js";
import type { AdminOptions } from "./options.js";
import { ensureAdminTables } from "./migrations.js";
import { createHistoryStore, type HistoryStore } from "./history-store.js";
import { recorderFor, serveHistoryRoutes } from "./history.js";
import { apiRecorderOf, loggedManager } from "./api-history.js";
import { defaultExportThrottles } from "./export.js";
import { serveModelData } from "./model-api.js";
import type { AdminAuth, AdminPrincipal, ModelPermissions } from "./principal.js";
import { normalizePath } from "./text.js";
import { serveUsers } from "./users-api.js";
import { serveSavedViews } from "./views-api.js";

/**
 * The admin: register models with a `ModelConfig`, then mount it with an adapter's
 * `registerRoutes(admin, app)` beside the REST API's router. It serves ADMIN.md's API under
 * `{path}/api/` and its built UI everywhere else under `{path}/`.
 */
export class Admin<User = unknown> implements Mountable {
  readonly path: string;
  private readonly models = new ModelRegistry();
  private readonly settings: ViewSettings;
  private readonly auth: AdminAuth<User>;
  private readonly savedViews: SavedViewStore;
  private readonly history: HistoryStore;
  private readonly bodyLimit: number;
  private readonly now: () => Date;
  private readonly allowedHosts: readonly string[] | null;
  private readonly hosts: HostCheck;
  private readonly proxies: OriginOptions;
  private readonly exportThrottles: readonly Throttle[];
  private tables: Promise<void> | undefined;
  private assets: UiAssets | undefined;

  constructor(private readonly options: AdminOptions<User>) {
    this.path = normalizePath(options.path ?? "/admin");
    this.bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    this.allowedHosts = options.allowedHosts ?? defaultAllowedHosts();
    this.hosts = new HostCheck(this.allowedHosts);
    this.proxies = { trustedProxies: options.trustedProxies ?? 0, scheme: options.scheme };
    this.now = options.now ?? (() => new Date());
    this.exportThrottles = options.exportThrottles ?? defaultExportThrottles(options.throttleStore);
    this.settings = {
      ...resolveSettings({ bodyLimit: this.bodyLimit, ...(options.onError ? { onError: options.onError } : {}) }),
      // A foreign key written through the admin is checked as the API checks it: a row its
      // target's manager hides is answered as a missing one.
      foreignKeyTarget: (reference) =>
        this.models.targetOf({ type: "foreignKey", references: reference })?.foreignKeyTarget(),
    };
    this.auth = createAdminAuth(options, {
      path: this.path,
      bodyLimit: this.bodyLimit,
      failure: (error, request) => this.answerable(error, request),
    });
    const statementOptions = options.lockWaitMs === undefined ? {} : { lockWaitMs: options.lockWaitMs };
    this.savedViews = createSavedViewStore(options.db, statementOptions);
    this.history = createHistoryStore(options.db, { ...statementOptions, retentionDays: options.historyRetentionDays });
  }

  /** Registers a model under a name used in URLs (`products`); checked when the admin is mounted. */
  register<Row extends object, Rel = NoRelations>(name: string, config: ModelConfig<Row, Rel>): this {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) {
      throw new ConfigurationError("viewsets admin: a model name must be 1 to 64 of [A-Za-z0-9_-]");
    }
    if (this.models.has(name)) throw new ConfigurationError(`viewsets admin: model ${name} is registered twice`);
    const viewset = new AdminViewSet(config as ModelConfig<Row>, this.now, this.models.targetOf);
    this.models.set(name, { name, viewset: viewset as unknown as AdminViewSet<object> });
    return this;
  }

  /**
   * The REST API's manager of a registered model with its writes in the admin's history (opt-in,
   * as Django's `LogEntry` is for the admin only): give the result to the API's viewset
   * (`viewset.options.queryset = admin.historyOf("products", viewset.options.queryset)`). Each
   * create ("add"), update ("change", with each changed field's old and new value) and delete is
   * logged as the request's user (`ctx.user`, named as the admin names its users), in the write's
   * transaction when the manager shares the admin's database. Writes through the admin itself are
   * logged by the admin, once.
   */
  historyOf<M extends object>(name: string, manager: M): M {
    if (!this.models.has(name))
      throw new ConfigurationError(`viewsets admin: historyOf(${name}): register ${name} first`);
    const writer = {
      path: this.path,
      store: this.history,
      options: this.options,
      now: this.now,
      idOf: (user: User) => this.auth.idOf(user),
    };
    return loggedManager(manager, {
      entry: () => this.models.get(name),
      ready: () => this.ready(),
      recorder: (ctx) => apiRecorderOf<User>(ctx, writer, (error) => this.settings.onError(error, ctx.request)),
    });
  }

  /** Every registration problem at once; null when the admin can serve. */
  checkConfiguration(): ConfigurationError | null {
    const registrations: Registration[] = this.models.all().map((m) => ({
      name: m.name,
      config: m.viewset.config,
    }));
    const problems = checkAdmin(registrations);
    if (this.allowedHosts !== null) return problems;
    const hosts = missingHostsMessage("viewsets admin");
    return new ConfigurationError(problems ? `${problems.message}\n${hosts}` : hosts);
  }

  assertReady(): void {
    const error = this.checkConfiguration();
    if (error) throw error;
  }

  /**
   * Creates the admin's tables when missing; the first request that needs them waits for it. When
   * the database cannot (it is down), the next call tries again.
   */
  ready(): Promise<void> {
    this.tables ??= ensureAdminTables(this.options.db).catch((error: unknown) => {
      this.tables = undefined;
      throw error;
    });
    return this.tables;
  }

  /**
   * Ends every session of a user (their id as `users.idOf` gives it): call it when the user's
   * password changes, or the account is disabled. Resolves with how many there were; rejects
   * (a 503 `ServiceUnavailable` for an outage) when the database cannot delete them.
   */
  endSessions(userId: string | number): Promise<number> {
    return this.ready().then(() => this.auth.endSessions(String(userId)));
  }

  async handle(sent: ApiRequest): Promise<ApiResponse | null> {
    const { path } = sent;
    if (path !== this.path && !path.startsWith(`${this.path}/`)) return null;
    // The client's scheme behind a proxy that ends TLS, then the Host check, as a router does.
    const request = behindProxies(sent, this.proxies);
    const badHost = this.hosts.refusal(request);
    if (badHost) return badHost;
    const head = request.method === "HEAD";
    const routed: ApiRequest = head ? withMethod(request, "GET") : request;
    let response: ApiResponse;
    try {
      response = await this.route(routed, path.slice(this.path.length));
    } catch (error) {
      response = errorResponse(this.answerable(error, request));
    }
    // GET's headers and the length of the body left out, on every adapter (Koa would say 0).
    return head ? headResponse(response) : response;
  }

  /**
   * What an error answers: an outage anywhere (the admin's tables, the app's `users` over the same
   * database) is a 503 with `Retry-After`, as the REST API answers; anything else not an ApiError
   * is told to `onError` and answers 500.
   */
  private answerable(error: unknown, request: ApiRequest): unknown {
    if (error instanceof ApiError) return error;
    const outage = databaseOutages(error);
    if (outage) return outage;
    if (isServerFailure(error, request)) this.settings.onError(error, request);
    return error;
  }

  private async route(request: ApiRequest, rest: string): Promise<ApiResponse> {
    if (rest === "") {
      const query = request.rawQuery === "" ? "" : `?${request.rawQuery}`;
      return { status: 308, headers: { Location: `${this.path}/${query}` }, body: null };
    }
    if (rest === "/api" || rest.startsWith("/api/")) return this.api(request, rest.slice(5));
    this.assets ??= new UiAssets(this.path);
    return this.assets.serve(request.method, rest);
  }

  private permissionsOn(principal: AdminPrincipal<User>, entry: AdminModel): ModelPermissions {
    return withinSwitches(this.auth.permissions(principal.user, entry.name), entry);
  }
  /** A registered model the user may view, and what else they may do: 404 for an unknown one, 403 for one they may not view. */
  private viewable(name: string | undefined, principal: AdminPrincipal<User>) {
    const entry = this.models.get(name);
    const may = this.permissionsOn(principal, entry);
    if (!may.view) throw new PermissionDenied();
    return { entry, may };
  }

  private async api(request: ApiRequest, rest: string): Promise<ApiResponse> {
    const segments = (rest.endsWith("/") ? rest.slice(0, -1) : rest).split("/");
    if (segments.some((segment) => segment === "") || segments.length > 4) throw new NotFound();
    await this.ready();
    const [first, model, third, fourth] = segments;
    if (first === "session") return serveSession(this.auth, request, segments);
    // An unknown route is 404 before anyone is asked who they are.
    const users = this.options.accounts?.users;
    if (first === "users" || first === "roles") {
      if (!users) throw new NotFound();
      return serveUsers(users, (await this.auth.authorize(request)).user, request, segments, this.bodyLimit);
    }
    if (first !== "models" && first !== "saved-views" && first !== "history") throw new NotFound();
    const principal = await this.auth.authorize(request);
    if (first === "history") {
      const viewable = this.models
        .all()
        .filter((m) => this.permissionsOn(principal, m).view)
        .map((m) => m.name);
      const reader = this.options.historyReaders?.(principal.user) ?? false;
      return serveHistoryRoutes(request, segments, this.history, principal.id, viewable, reader);
    }
    if (first === "models" && segments.length === 1) {
      return serveModelList(request, this.models.all(), {
        may: (m) => this.permissionsOn(principal, m),
        modelNameOf: this.models.nameOf,
        // Whether the Users page and the history log are theirs: the UI shows their links only then.
        manageUsers: users?.mayManage(principal.user) ?? false,
        readHistory: this.options.historyReaders?.(principal.user) ?? false,
      });
    }
    if (first === "saved-views") {
      if (segments.length > 3) throw new NotFound();
      const { entry } = this.viewable(model, principal);
      return serveSavedViews({
        request,
        ctx: contextOf(request),
        store: this.savedViews,
        userId: principal.id,
        model: entry.name,
        viewset: entry.viewset,
        id: third,
        bodyLimit: this.bodyLimit,
        location: (id) => `${request.origin}${this.path}/api/saved-views/${entry.name}/${String(id)}`,
      });
    }
    const { entry, may } = this.viewable(model, principal);
    return serveModelData(entry, third, fourth, request, {
      history: recorderFor(this.history, this.options, principal, this.now, (e) => this.settings.onError(e, request)),
      settings: this.settings,
      now: this.now,
      targetOf: this.models.targetOf,
      may,
      export: {
        throttles: this.exportThrottles,
        userId: principal.id,
        user: principal.user,
        ip: clientIp(request, this.proxies.trustedProxies ?? 0),
      },
      selection: {
        models: this.models.all(),
        permissionsOn: (other) => this.permissionsOn(principal, other),
        bodyLimit: this.bodyLimit,
        messages: this.settings.messages,
        onError: (error) => this.settings.onError(error, request),
      },
    });
  }
}

/** The admin for an app: `createAdmin({ db, users })`, then `register` models and mount it. */
export function createAdmin<User>(options: AdminOptions<User>): Admin<User> {
  return new Admin(options);
}
