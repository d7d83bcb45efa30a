/** The admin UI's entry: starts the router, renders the app, then checks the session and loads the models. */
import { render } from "preact";
import { ApiProblem, api, setCsrfToken, whenUnauthorized } from "./api.js";
import { App, loadModels } from "./app.js";
import { location, navigate, paths, route, startRouter } from "./router.js";
import { models, session } from "./state.js";
import type { Session } from "../shared/wire.js";
import "./styles/index.css";

function toSignIn(): void {
  session.value = null;
  models.value = [];
  setCsrfToken(null);
  if (route.value.name !== "login") {
    navigate(paths.login(location.value.path + location.value.search), { replace: true, force: true });
  }
}

async function start(): Promise<void> {
  startRouter();
  whenUnauthorized(toSignIn);
  const root = document.getElementById("app");
  if (!root) return;
  render(<App />, root);
  try {
    const current = await api<Session>("/session");
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
