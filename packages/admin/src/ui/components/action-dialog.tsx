/**
 * An app action's dialog (the shop's Discount): a small form from the action's schema, the
 * server's 400s beside its fields, then what the action did and each row that failed and why.
 */
import { t } from "../i18n/t.js";
import { useId, useState } from "preact/hooks";
import { ApiProblem, api, messageOf } from "../api.js";
import { paths } from "../router.js";
import type { ActionField, ActionMeta, ActionResult, Selection } from "../../shared/actions.js";
import type { ModelMeta } from "../../shared/wire.js";
import { Modal } from "./modal.js";

interface ActionDialogProps {
  readonly model: ModelMeta;
  readonly action: ActionMeta;
  readonly selection: Selection;
  /** "Discount 20 products", "Discount product". */
  readonly title: string;
  /** Called when the dialog closes after the action ran: the page reads its rows again. */
  readonly onDone: (result: ActionResult) => void;
  readonly onClose: () => void;
}

/** The request's value of one field: numbers as numbers, an empty optional field left out. */
function requestValue(field: ActionField, text: string): unknown {
  if (field.type === "bool") return text === "true";
  if (text.trim() === "") return undefined;
  if (field.type === "number" || field.type === "integer")
    return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
  return text;
}

function initialOf(form: readonly ActionField[]): Record<string, string> {
  return Object.fromEntries(
    form.map((field) => [field.name, field.default === undefined ? "" : String(field.default)]),
  );
}

function Input(props: {
  readonly field: ActionField;
  readonly id: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onInput: (value: string) => void;
}) {
  const { field, id, value, error } = props;
  const described = error ? { "aria-describedby": `${id}-error`, "aria-invalid": true as const } : {};
  if (field.type === "bool") {
    return (
      <input
        id={id}
        type="checkbox"
        checked={value === "true"}
        onChange={(event) => props.onInput(String(event.currentTarget.checked))}
        {...described}
      />
    );
  }
  if (field.type === "choice") {
    return (
      <select id={id} value={value} onChange={(event) => props.onInput(event.currentTarget.value)} {...described}>
        {!field.required && <option value="">{t("common.none")}</option>}
        {field.choices?.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  }
  const numeric = field.type === "number" || field.type === "integer";
  return (
    <input
      id={id}
      type="text"
      inputMode={numeric ? "decimal" : undefined}
      value={value}
      required={field.required}
      maxLength={field.maxLength}
      onInput={(event) => props.onInput(event.currentTarget.value)}
      {...described}
    />
  );
}

/** The form, then the summary; Cancel before it ran, Close after. */
export function ActionDialog({ model, action, selection, title, onDone, onClose }: ActionDialogProps) {
  const uid = useId();
  const form = action.form ?? [];
  const [values, setValues] = useState(() => initialOf(form));
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    const data = Object.fromEntries(
      form
        .map((field) => [field.name, requestValue(field, values[field.name] ?? "")])
        .filter(([, v]) => v !== undefined),
    );
    setBusy(true);
    try {
      const path = `/models/${encodeURIComponent(model.name)}/actions/${encodeURIComponent(action.name)}`;
      setResult(await api<ActionResult>(path, { method: "POST", body: { selection, data } }));
      setErrors({});
      setError(null);
    } catch (failure) {
      const fields = failure instanceof ApiProblem && failure.status === 400 ? failure.errors : {};
      setErrors(fields);
      setError(Object.keys(fields).length > 0 ? t("common.fixErrors") : messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  if (result) {
    return (
      <Modal title={title} onClose={() => onDone(result)}>
        <p role="status">{result.message}</p>
        {result.failures && (
          <ul class="action-failures">
            {result.failures.map((failure) => (
              <li key={String(failure.id)}>
                <a href={paths.change(model.name, failure.id)}>{failure.label}</a>: {failure.message}
              </li>
            ))}
          </ul>
        )}
        <div class="actions">
          {/* biome-ignore lint/a11y/noAutofocus: the dialog's one choice once the action ran */}
          <button type="button" autoFocus onClick={() => onDone(result)}>
            {t("common.close")}
          </button>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title={title} onClose={onClose}>
      <form class="dialog-form" onSubmit={submit} noValidate>
        {error && (
          <p class="form-error" role="alert">
            {error}
          </p>
        )}
        {form.map((field) => {
          const id = `${uid}-${field.name}`;
          const fieldError = errors[field.name]?.join(" ");
          return (
            <div key={field.name} class="form-row">
              <label for={id} class={field.required ? "required" : undefined}>
                {field.label}
              </label>
              <Input
                field={field}
                id={id}
                value={values[field.name] ?? ""}
                error={fieldError}
                onInput={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
              />
              {fieldError && (
                <p id={`${id}-error`} class="field-error">
                  {fieldError}
                </p>
              )}
            </div>
          );
        })}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {action.label}
          </button>
          <button type="button" onClick={onClose}>
            {t("common.cancel")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
