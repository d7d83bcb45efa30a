/** The sign-in page. */
import { t } from "../i18n/t.js";
import { useState } from "preact/hooks";
import { ApiProblem, api, messageOf, setCsrfToken } from "../api.js";
import { location, navigate, paths } from "../router.js";
import { session } from "../state.js";
import type { Session } from "../../shared/wire.js";

/** Where to go after signing in: `?next=` when it is a page of this admin, else the index. */
function nextPage(): string {
  const next = new URLSearchParams(location.value.search).get("next") ?? "";
  return next.startsWith(paths.index()) && !next.startsWith("//") ? next : paths.index();
}

/** The form "Sign in" with "Username" and "Password". */
export function SignInPage({ onSignedIn }: { readonly onSignedIn: () => Promise<void> }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api<Session>("/session", { method: "POST", body: { username, password } });
      setCsrfToken(answer.csrfToken);
      if (!answer.user.isStaff) {
        await api<void>("/session", { method: "DELETE" }).catch(() => undefined);
        setCsrfToken(null);
        setError(t("signIn.notStaff"));
        setBusy(false);
        return;
      }
      session.value = answer;
      await onSignedIn();
      navigate(nextPage(), { replace: true });
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiProblem && failure.status === 400) setError(t("signIn.missing"));
      else if (failure instanceof ApiProblem && failure.status === 429)
        setError(t("signIn.throttled", { detail: failure.detail }));
      else setError(messageOf(failure));
    }
  };
  return (
    <div class="sign-in">
      <h1 tabIndex={-1}>{t("signIn.heading")}</h1>
      <form onSubmit={submit} class="sign-in-form" noValidate>
        {error && (
          <p class="form-error" role="alert">
            {error}
          </p>
        )}
        <label for="username">{t("signIn.username")}</label>
        <input
          id="username"
          name="username"
          autocomplete="username"
          autocapitalize="none"
          spellcheck={false}
          value={username}
          onInput={(e) => setUsername((e.currentTarget as HTMLInputElement).value)}
        />
        <label for="password">{t("signIn.password")}</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          value={password}
          onInput={(e) => setPassword((e.currentTarget as HTMLInputElement).value)}
        />
        <button type="submit" class="primary" disabled={busy}>
          {t("signIn.submit")}
        </button>
      </form>
    </div>
  );
}
