/** The admin UI's entry: starts the router, renders the app, and checks the session while the first page's data loads. */
import { render } from "preact";
import { ApiProblem, api, prefetch, setCsrfToken, whenUnauthorized } from "./api.js";
import { App, loadModels } from "./app.js";
import { locale } from "./i18n/t.js";
import { location, navigate, paths, route, startRouter } from "./router.js";
import { models, session } from "./state.js";
import type { ModelMeta, Session } from "../shared/wire.js";
import { apiQuery, listParams } from "./url-state.js";
import "./styles/index.css";

function toSignIn(): void {
  session.value = null;
  models.value = [];
  setCsrfToken(null);
  if (route.value.name !== "login") {
    navigate(paths.login(location.value.path + location.value.search), { replace: true, force: true });
  }
}

/**
 * What the opened page asks for first, started beside the session check: the models, and as soon
 * as they say the page's model is one this user may see (a model they may not is never asked
 * for), on a list its saved views and rows, on a record's page the record. The paths are the ones
 * those pages ask, so they take these answers.
 */
function prefetchPage(): void {
  const models = prefetch<{ models: readonly ModelMeta[] }>("/models");
  const current = route.value;
  if (current.name !== "list" && current.name !== "change") return;
  models.then(
    (answer) => {
      if (!answer.models.some((model) => model.name === current.model)) return;
      const model = encodeURIComponent(current.model);
      if (current.name === "change") {
        void prefetch(`/models/${model}/rows/${encodeURIComponent(current.id)}`);
        return;
      }
      void prefetch(`/saved-views/${model}`);
      void prefetch(`/models/${model}/rows/${apiQuery(listParams.value)}`);
    },
    () => {},
  );
}

async function start(): Promise<void> {
  // The page's language is the one its words are in (the shell says "en" until this runs).
  document.documentElement.lang = locale;
  startRouter();
  whenUnauthorized(toSignIn);
  const root = document.getElementById("app");
  if (!root) return;
  render(<App />, root);
  // Together, not one after another: the session check, the models, and the first list's views and rows.
  const checked = api<Session>("/session");
  if (route.value.name !== "login") prefetchPage();
  try {
    const current = await checked;
    setCsrfToken(current.csrfToken);
    if (!current.user.isStaff) throw new ApiProblem(403, "Not staff.");
    session.value = current;
    if (route.value.name === "login") navigate(paths.index(), { replace: true });
    await loadModels();
  } catch {
    // Signed in with the form while this check was under way (its 401 predates the cookie): that
    // session stands. Sending the person back to the form would drop it and its CSRF token.
    if (!session.value) toSignIn();
  }
}

void start();
