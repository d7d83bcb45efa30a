/** The admin UI's frame and routes: the models loaded after sign-in, the header, and the page the URL names. */
import { t } from "./i18n/t.js";
import { useEffect } from "preact/hooks";
import { api, messageOf, setCsrfToken } from "./api.js";
import { ChangePage } from "./pages/change/change-page.js";
import { HistoryPage } from "./pages/history/history-page.js";
import { LogPage } from "./pages/history/log-page.js";
import { IndexPage } from "./pages/index-page.js";
import { ListPage } from "./pages/list/list-page.js";
import { SignInPage } from "./pages/sign-in.js";
import { loadRoles, manageableRoles } from "./pages/users/users-api.js";
import { UsersPage } from "./pages/users/users-page.js";
import { location, navigate, paths, route } from "./router.js";
import { Shortcuts } from "./shortcuts.js";
import { ThemeToggle } from "./theme.js";
import { flash, modelNamed, models, modelsError, readsHistory, session } from "./state.js";
import type { ModelsAnswer } from "../shared/wire.js";

/** Loads what the signed-in user may see. */
export async function loadModels(): Promise<void> {
  try {
    const answer = await api<ModelsAnswer>("/models");
    models.value = answer.models;
    readsHistory.value = answer.readHistory;
    modelsError.value = null;
    if (answer.manageUsers) await loadRoles();
    else manageableRoles.value = null;
  } catch (error) {
    modelsError.value = messageOf(error);
  }
}

async function signOut(): Promise<void> {
  // Unsaved changes are asked about first; staying keeps the session too.
  if (!navigate(paths.login())) return;
  try {
    await api<void>("/session", { method: "DELETE" });
  } catch {
    // Gone already: the page leaves all the same.
  }
  setCsrfToken(null);
  session.value = null;
  models.value = [];
  readsHistory.value = false;
  manageableRoles.value = null;
}

function Page() {
  const current = route.value;
  if (current.name === "login") return <SignInPage onSignedIn={loadModels} />;
  if (modelsError.value) {
    return (
      <p class="form-error" role="alert">
        {modelsError.value}
      </p>
    );
  }
  if (current.name === "index") return <IndexPage />;
  if (current.name === "users") return manageableRoles.value ? <UsersPage /> : <NotFound />;
  if (current.name === "log") {
    if (readsHistory.value) return <LogPage />;
    return models.value.length === 0 ? <p aria-busy="true">{t("app.loading")}</p> : <NotFound />;
  }
  if (current.name === "notFound") return <NotFound />;
  const model = modelNamed(current.model);
  if (!model) return models.value.length === 0 ? <p aria-busy="true">{t("app.loading")}</p> : <NotFound />;
  if (current.name === "list") return <ListPage key={model.name} model={model} />;
  if (current.name === "add") return <ChangePage key={`${model.name}/add`} model={model} />;
  if (current.name === "history")
    return <HistoryPage key={`${model.name}/${current.id}/h`} model={model} id={current.id} />;
  return <ChangePage key={`${model.name}/${current.id}`} model={model} id={current.id} />;
}

function NotFound() {
  return (
    <div>
      <h1 tabIndex={-1}>{t("app.notFound")}</h1>
      <p>
        <a href={paths.index()}>{t("app.home")}</a>
      </p>
    </div>
  );
}

const TITLES = {
  login: "title.login",
  index: "title.index",
  users: "title.users",
  log: "title.log",
  notFound: "title.notFound",
} as const;

function titleOf(name: string): string {
  return t(Object.hasOwn(TITLES, name) ? TITLES[name as keyof typeof TITLES] : "title.other");
}

/** The frame: a skip link, the header (home, models, who is signed in, "Sign out"), the page, announcements. */
export function App() {
  const current = route.value;
  const user = session.value?.user;
  const path = location.value.path;
  useEffect(() => {
    const model = "model" in current ? modelNamed(current.model) : undefined;
    document.title = t("app.title", { page: model?.label ?? titleOf(current.name) });
    // A new page: focus its heading, so screen readers start there (not on query changes).
    document.querySelector<HTMLElement>("main h1")?.focus({ preventScroll: false });
  }, [path, models.value]);
  useEffect(() => {
    if (!flash.value) return;
    const timer = window.setTimeout(() => (flash.value = ""), 8000);
    return () => window.clearTimeout(timer);
  }, [flash.value]);
  return (
    <>
      <a class="skip-link" href="#main">
        {t("app.skipLink")}
      </a>
      <header class="top">
        <a class="brand" href={paths.index()}>
          {t("app.brand")}
        </a>
        {user && (
          <>
            <nav aria-label={t("app.modelsNav")} class="model-nav">
              {models.value.map((model) => (
                <a
                  key={model.name}
                  href={paths.list(model.name)}
                  aria-current={"model" in current && current.model === model.name ? "page" : undefined}
                >
                  {model.label}
                </a>
              ))}
              {manageableRoles.value && (
                <a href={paths.users()} aria-current={current.name === "users" ? "page" : undefined}>
                  {t("app.users")}
                </a>
              )}
              {readsHistory.value && (
                <a href={paths.log()} aria-current={current.name === "log" ? "page" : undefined}>
                  {t("app.history")}
                </a>
              )}
            </nav>
            <span class="user">{user.username}</span>
            <ThemeToggle username={user.username} />
            <button type="button" class="link-button" onClick={signOut}>
              {t("app.signOut")}
            </button>
          </>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        <div role="status" class={flash.value ? "flash" : "flash empty"}>
          {flash.value}
        </div>
        <Page />
      </main>
      {user && <Shortcuts />}
    </>
  );
}
