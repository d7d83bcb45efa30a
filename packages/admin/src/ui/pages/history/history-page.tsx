/**
 * One record's history (Django's object history, Directus's revisions): who changed what and when,
 * each field's old and new value, and "Revert" that writes the old values back as a new change,
 * through the same validation as any edit.
 */
import { nouns, t } from "../../i18n/t.js";
import { useEffect, useState } from "preact/hooks";
import { ApiProblem, api, messageOf } from "../../api.js";
import { paths } from "../../router.js";
import { flash } from "../../state.js";
import type { HistoryEntry } from "../../../shared/actions.js";
import type { ModelMeta } from "../../../shared/wire.js";
import { actionText, ChangesTable, when } from "./entry-parts.js";

export function HistoryPage({ model, id }: { readonly model: ModelMeta; readonly id: string }) {
  const [entries, setEntries] = useState<readonly HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const noun = nouns(model.label).singular;
  useEffect(() => {
    const controller = new AbortController();
    api<{ results: HistoryEntry[] }>(
      `/models/${encodeURIComponent(model.name)}/history?object=${encodeURIComponent(id)}`,
      { signal: controller.signal },
    ).then(
      (answer) => setEntries(answer.results),
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(failure));
      },
    );
    return () => controller.abort();
  }, [model.name, id, version]);

  /** The entry's old values written back: a new change, checked as any edit is. */
  const revert = async (entry: HistoryEntry) => {
    const editable = new Set(model.fields.filter((field) => field.editable).map((field) => field.name));
    const body = Object.fromEntries(
      entry.changes.filter((change) => editable.has(change.field)).map((change) => [change.field, change.old]),
    );
    try {
      await api(`/models/${encodeURIComponent(model.name)}/rows/${encodeURIComponent(id)}`, { method: "PATCH", body });
      flash.value = t("history.reverted", { when: when.format(new Date(entry.createdAt)) });
      setError(null);
      setVersion(version + 1);
    } catch (failure) {
      const fields = failure instanceof ApiProblem ? Object.entries(failure.errors) : [];
      const words = fields.map(([key, messages]) => `${key}: ${messages.join(" ")}`).join(" ");
      setError(t("history.cannotRevert", { reason: words || messageOf(failure) }));
    }
  };

  const title = t("history.title", { singular: noun, label: entries?.[0]?.objectLabel ?? id });
  return (
    <div class="history-page">
      <nav aria-label={t("change.breadcrumb")} class="breadcrumb">
        <a href={paths.list(model.name)}>{model.label}</a> ›{" "}
        <a href={paths.change(model.name, id)}>
          {entries?.[0]?.objectLabel ?? t("change.record", { singular: noun, id })}
        </a>{" "}
        › <span aria-current="page">{t("history.crumb")}</span>
      </nav>
      <h1 tabIndex={-1}>{title}</h1>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {!entries && !error && <p aria-busy="true">{t("app.loading")}</p>}
      {entries?.length === 0 && <p>{t("history.none", { singular: noun })}</p>}
      {entries?.map((entry) => {
        const heading = t("history.entry", {
          action: actionText(entry.action),
          user: entry.user,
          when: when.format(new Date(entry.createdAt)),
        });
        const mayRevert = model.permissions.change && entry.changes.some((change) => change.field !== model.pk);
        return (
          <section key={entry.id} class="history-entry" aria-label={heading}>
            <h2>{heading}</h2>
            {entry.changes.length > 0 && <ChangesTable changes={entry.changes} fields={model.fields} />}
            {mayRevert && entry.action !== "delete" && (
              <button type="button" onClick={() => revert(entry)}>
                {t("history.revert")}
              </button>
            )}
          </section>
        );
      })}
    </div>
  );
}
