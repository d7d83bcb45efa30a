/** The admin UI's router: the URL as a signal, the routes it names, and leaving a page with unsaved changes. */
import { computed, signal } from "@preact/signals";
import { base } from "./api.js";

/** The browser's location as a signal: every page derives what it shows from it. */
export const location = signal({ path: window.location.pathname, search: window.location.search });

export type Route =
  | { readonly name: "login" }
  | { readonly name: "index" }
  | { readonly name: "users" }
  | { readonly name: "log" }
  | { readonly name: "list"; readonly model: string }
  | { readonly name: "add"; readonly model: string }
  | { readonly name: "change"; readonly model: string; readonly id: string }
  | { readonly name: "history"; readonly model: string; readonly id: string }
  | { readonly name: "notFound" };

/** The page a path names: `/admin/login`, `/admin/`, `/admin/_users/`, `/admin/_history/`, `/admin/{model}/`, `/admin/{model}/add`, `/admin/{model}/{id}`, `/admin/{model}/{id}/history`. */
export function routeOf(path: string): Route {
  if (path !== base && !path.startsWith(`${base}/`)) return { name: "notFound" };
  const parts = path
    .slice(base.length)
    .split("/")
    .filter((part) => part !== "")
    .map(decodeURIComponent);
  const [model, rest, extra] = parts;
  if (model === undefined) return { name: "index" };
  if (model === "login" && rest === undefined) return { name: "login" };
  if (model === USERS_SEGMENT && rest === undefined) return { name: "users" };
  if (model === LOG_SEGMENT && rest === undefined) return { name: "log" };
  if (extra === "history" && rest !== undefined && rest !== "add" && parts.length === 3) {
    return { name: "history", model, id: rest };
  }
  if (extra !== undefined) return { name: "notFound" };
  if (rest === undefined) return { name: "list", model };
  if (rest === "add") return { name: "add", model };
  return { name: "change", model, id: rest };
}

/** The Users page's path segment: `_` keeps it apart from any model's name people would choose. */
const USERS_SEGMENT = "_users";
/** The whole history log's path segment (for `historyReaders`). */
const LOG_SEGMENT = "_history";

export const route = computed(() => routeOf(location.value.path));

export const paths = {
  index: () => `${base}/`,
  users: () => `${base}/${USERS_SEGMENT}/`,
  log: (search = "") => `${base}/${LOG_SEGMENT}/${search}`,
  login: (next?: string) => `${base}/login${next ? `?next=${encodeURIComponent(next)}` : ""}`,
  list: (model: string, search = "") => `${base}/${encodeURIComponent(model)}/${search}`,
  add: (model: string) => `${base}/${encodeURIComponent(model)}/add`,
  change: (model: string, id: unknown) => `${base}/${encodeURIComponent(model)}/${encodeURIComponent(String(id))}`,
  history: (model: string, id: unknown) =>
    `${base}/${encodeURIComponent(model)}/${encodeURIComponent(String(id))}/history`,
};

/** Asked before the page is left: a message (unsaved changes) or null. */
let leaveWarning: () => string | null = () => null;

export function guardLeaving(warning: (() => string | null) | null): void {
  leaveWarning = warning ?? (() => null);
}

function mayLeave(): boolean {
  const warning = leaveWarning();
  return warning === null || window.confirm(warning);
}

function sync(): void {
  location.value = { path: window.location.pathname, search: window.location.search };
}

/** Goes to `href` inside the app (a new history entry unless `replace`); false when the user stayed. */
export function navigate(href: string, options: { replace?: boolean; force?: boolean } = {}): boolean {
  const target = new URL(href, window.location.href);
  const current = window.location.pathname + window.location.search;
  const next = target.pathname + target.search;
  if (next === current) return true;
  if (!options.force && target.pathname !== window.location.pathname && !mayLeave()) return false;
  if (options.replace) window.history.replaceState(null, "", next);
  else window.history.pushState(null, "", next);
  sync();
  return true;
}

let shown = window.location.pathname + window.location.search;

/** Back, forward and same-app links: the signal follows, unsaved changes are asked about first. */
export function startRouter(): void {
  location.subscribe((value) => {
    shown = value.path + value.search;
  });
  window.addEventListener("popstate", () => {
    if (window.location.pathname !== new URL(shown, window.location.href).pathname && !mayLeave()) {
      window.history.pushState(null, "", shown);
      return;
    }
    sync();
  });
  window.addEventListener("beforeunload", (event) => {
    if (leaveWarning() !== null) event.preventDefault();
  });
  document.addEventListener("click", (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const link = (event.target as Element | null)?.closest?.("a");
    if (!link || link.target || link.hasAttribute("download") || link.origin !== window.location.origin) return;
    if (link.pathname !== base && !link.pathname.startsWith(`${base}/`)) return;
    event.preventDefault();
    navigate(link.pathname + link.search);
  });
}
