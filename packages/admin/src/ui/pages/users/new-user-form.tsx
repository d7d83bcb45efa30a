/** The Users page's "Add user" form: username, email, password and role, with each field's errors. */
import { t } from "../../i18n/t.js";
import { useState } from "preact/hooks";
import { ApiProblem, api, messageOf } from "../../api.js";
import { flash } from "../../state.js";
import type { ManagedUser, RoleDescription } from "./users-api.js";

const FIELDS = [
  { name: "username", label: t("users.username"), type: "text", autocomplete: "off" },
  { name: "email", label: t("users.email"), type: "email", autocomplete: "off" },
  { name: "password", label: t("users.password"), type: "password", autocomplete: "new-password" },
] as const;

export function NewUserForm(props: { roles: readonly RoleDescription[]; onCreated: () => void }) {
  const [values, setValues] = useState<Record<string, string>>({ username: "", email: "", password: "", role: "user" });
  const [errors, setErrors] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: string) => setValues({ ...values, [name]: value });

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    try {
      const user = await api<ManagedUser>("/users", { method: "POST", body: values });
      flash.value = t("users.added", { user: user.username, role: user.role });
      setValues({ username: "", email: "", password: "", role: values.role ?? "user" });
      setErrors({});
      setError(null);
      props.onCreated();
    } catch (caught) {
      setErrors(caught instanceof ApiProblem ? caught.errors : {});
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="new-user" aria-labelledby="new-user-heading" onSubmit={submit}>
      <h2 id="new-user-heading">{t("users.add")}</h2>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {FIELDS.map((field) => (
        <div class="field" key={field.name}>
          <label for={`new-user-${field.name}`}>{field.label}</label>
          <input
            id={`new-user-${field.name}`}
            type={field.type as "text"}
            autocomplete={field.autocomplete}
            required
            value={values[field.name]}
            aria-invalid={errors[field.name] ? "true" : undefined}
            aria-describedby={errors[field.name] ? `new-user-${field.name}-error` : undefined}
            onInput={(event) => set(field.name, (event.target as HTMLInputElement).value)}
          />
          {errors[field.name] && (
            <p class="field-error" id={`new-user-${field.name}-error`}>
              {errors[field.name]!.join(" ")}
            </p>
          )}
        </div>
      ))}
      <div class="field">
        <label for="new-user-role">{t("users.role")}</label>
        <select
          id="new-user-role"
          value={values.role}
          onChange={(event) => set("role", (event.target as HTMLSelectElement).value)}
        >
          {props.roles.map((role) => (
            <option key={role.name} value={role.name}>
              {role.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" class="primary" disabled={busy}>
        {t("users.create")}
      </button>
    </form>
  );
}
