/** The change page: one record's form to add, change or delete it. */
import { nouns, t } from "../../i18n/t.js";
import { useEffect, useId, useState } from "preact/hooks";
import { ApiProblem, api, messageOf } from "../../api.js";
import { DeleteDialog } from "../../components/delete-dialog.js";
import { guardLeaving, navigate, paths } from "../../router.js";
import { flash, lastListHref } from "../../state.js";
import type { ModelMeta, Row } from "../../../shared/wire.js";
import { RowActions } from "./row-actions.js";
import { bodyOf, type FormValues, formOf } from "./form-values.js";
import { FormSections } from "./form-sections.js";
import { type AfterSave, SaveButtons } from "./save-buttons.js";

const UNSAVED = t("change.unsaved");

/** Add (`id` undefined) or change a record: one control per field, the server's errors beside each. */
export function ChangePage({ model, id }: { readonly model: ModelMeta; readonly id?: string }) {
  const uid = useId();
  const creating = id === undefined;
  const [record, setRecord] = useState<Row | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [initial, setInitial] = useState<FormValues>(() => formOf(model.fields, null));
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Bumped after an action changed the record: it is read again.
  const [version, setVersion] = useState(0);
  const rowPath = `/models/${encodeURIComponent(model.name)}/rows/`;
  const listHref = lastListHref.get(model.name) ?? paths.list(model.name);
  const words = nouns(model.label);
  const noun = words.singular;

  useEffect(() => {
    if (creating) return;
    const controller = new AbortController();
    api<Row>(`${rowPath}${encodeURIComponent(id)}`, { signal: controller.signal }).then(
      (row) => {
        const form = formOf(model.fields, row);
        setRecord(row);
        setInitial(form);
        setValues(form);
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setLoadError(
            error instanceof ApiProblem && error.status === 404
              ? t("change.noSuchRecord", { singular: noun, id })
              : messageOf(error),
          );
      },
    );
    return () => controller.abort();
  }, [creating, id, model, rowPath, noun, version]);

  const dirty = model.fields.some((field) => field.editable && values[field.name] !== initial[field.name]);
  useEffect(() => {
    guardLeaving(dirty ? () => UNSAVED : null);
    return () => guardLeaving(null);
  }, [dirty]);

  const fallbackTitle = t("change.record", { singular: noun, id: id ?? "" });
  const title = creating
    ? t("common.add", words)
    : record
      ? String(record[model.labelField] ?? fallbackTitle)
      : fallbackTitle;
  const mayWrite = creating ? model.permissions.add : model.permissions.change;

  const showErrors = (fieldErrors: Record<string, readonly string[]>, message: string) => {
    setErrors(fieldErrors);
    const names = new Set(model.fields.map((field) => field.name));
    const other = Object.entries(fieldErrors).filter(([key]) => !names.has(key));
    setFormError([message, ...other.map(([, messages]) => messages.join(" "))].join(" "));
    const first = model.fields.find((field) => fieldErrors[field.name]);
    if (first) window.setTimeout(() => document.getElementById(`${uid}-${first.name}`)?.focus(), 0);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const then = ((event.submitter as HTMLButtonElement | null)?.value || "list") as AfterSave;
    const { body, errors: local } = bodyOf(model.fields, values, initial, creating);
    if (Object.keys(local).length > 0) return showErrors(local, t("common.fixErrors"));
    setSaving(true);
    try {
      const saved = await api<Row>(creating ? rowPath : `${rowPath}${encodeURIComponent(id)}`, {
        method: creating ? "POST" : "PATCH",
        body,
      });
      guardLeaving(null);
      const named = { singular: noun, label: String(saved[model.labelField] ?? saved[model.pk]) };
      const done = creating ? t("change.added", named) : t("change.saved", named);
      if (then === "list") {
        setInitial(values);
        flash.value = done;
        return navigate(listHref, { force: true });
      }
      const next = then === "add" ? null : saved;
      const form = formOf(model.fields, next);
      setRecord(next);
      setInitial(form);
      setValues(form);
      setErrors({});
      setFormError(null);
      setSaving(false);
      flash.value = then === "add" ? t("change.addAnother", { done }) : t("change.editAgain", { done });
      if (then === "add") navigate(paths.add(model.name), { force: true });
      else if (creating) navigate(paths.change(model.name, saved[model.pk]), { force: true, replace: true });
      window.setTimeout(
        () =>
          document
            .querySelector<HTMLElement>(".change-form input, .change-form select, .change-form textarea")
            ?.focus(),
        0,
      );
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiProblem && error.status === 400) showErrors(error.errors, t("common.fixErrors"));
      else showErrors({}, messageOf(error));
    }
  };

  const removed = () => {
    guardLeaving(null);
    flash.value = t("change.deleted", { singular: noun, label: title });
    navigate(listHref, { force: true });
  };

  if (loadError) {
    return (
      <div>
        <h1 tabIndex={-1}>{title}</h1>
        <p class="form-error" role="alert">
          {loadError}
        </p>
        <a href={listHref}>{t("change.back", words)}</a>
      </div>
    );
  }
  return (
    <div class="change-page">
      <nav aria-label={t("change.breadcrumb")} class="breadcrumb">
        <a href={listHref}>{model.label}</a> › <span aria-current="page">{title}</span>
        {id !== undefined && (
          <a class="history-link" href={paths.history(model.name, id)}>
            {t("change.history")}
          </a>
        )}
      </nav>
      <h1 tabIndex={-1}>{title}</h1>
      {!creating && !record && <p aria-busy="true">{t("app.loading")}</p>}
      {(creating || record) && (
        <form class="change-form" onSubmit={submit} noValidate aria-labelledby={`${uid}-form`}>
          <span id={`${uid}-form`} hidden>
            {title}
          </span>
          {formError && (
            <p class="form-error" role="alert">
              {formError}
            </p>
          )}
          <FormSections
            model={model}
            uid={uid}
            record={record}
            creating={creating}
            mayWrite={mayWrite}
            values={values}
            errors={errors}
            onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
          />
          <div class="actions">
            {mayWrite && <SaveButtons model={model} saving={saving} />}
            {/* Nothing to cancel on a page the user may only read: the way out says where it goes. */}
            <a class="button" href={listHref}>
              {mayWrite ? t("common.cancel") : t("change.back", words)}
            </a>
            {!creating && model.permissions.delete && (
              <button type="button" class="danger" disabled={saving} onClick={() => setConfirming(true)}>
                {t("common.delete")}
              </button>
            )}
            {id !== undefined && !dirty && <RowActions model={model} id={id} onDone={() => setVersion(version + 1)} />}
            {dirty && <span class="hint">{t("change.unsavedHint")}</span>}
          </div>
        </form>
      )}
      {confirming && id !== undefined && (
        <DeleteDialog
          model={model}
          selection={{ ids: [id] }}
          title={t("change.deleteTitle", words)}
          onDeleted={removed}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
