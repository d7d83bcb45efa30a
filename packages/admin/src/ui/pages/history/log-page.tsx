/**
 * The whole history log (Django's LogEntry list), for `historyReaders`: every entry newest first,
 * filtered by model, user and action (kept in the URL), 50 a page with Previous and Next.
 */
import { nouns, t } from "../../i18n/t.js";
import { useEffect, useState } from "preact/hooks";
import { api, messageOf } from "../../api.js";
import { location, navigate, paths } from "../../router.js";
import { models, modelNamed } from "../../state.js";
import type { HistoryEntry, HistoryLogPage } from "../../../shared/actions.js";
import { notePageStep, useTopAfterPaging } from "../list/paging-focus.js";
import { queryString } from "../../url-state.js";
import { actionText, ChangesTable, when } from "./entry-parts.js";

const FILTERS = ["model", "user", "action"] as const;

/** The URL with `key` set (or removed when empty); a new filter goes back to the first page. */
function update(key: string, value: string): void {
  const params = new URLSearchParams(location.value.search);
  if (value === "") params.delete(key);
  else params.set(key, value);
  if (key !== "page") params.delete("page");
  navigate(paths.log(queryString(params)));
}

/**
 * Another page of entries: the URL's `page`; once its entries are shown, the view goes to the top
 * and the heading takes the focus (the button pressed may be gone), as after the list's paging.
 */
function turnTo(event: MouseEvent, page: number): void {
  notePageStep(event);
  update("page", page === 1 ? "" : String(page));
}

/** The actions an entry may carry: the three writes, then each app action of the models shown (delete_selected logs deletes). */
function actionChoices(): [string, string][] {
  const names = new Set(["add", "change", "delete"]);
  for (const model of models.value) {
    for (const action of model.actions ?? []) if (action.name !== "delete_selected") names.add(action.name);
  }
  return [...names].map((name) => [name, actionText(name)]);
}

function Entry({ entry }: { readonly entry: HistoryEntry }) {
  const model = modelNamed(entry.model);
  const noun = model ? nouns(model.label).singular : entry.model;
  const action = actionText(entry.action);
  const time = when.format(new Date(entry.createdAt));
  const heading = t("log.entry", { action, singular: noun, label: entry.objectLabel, user: entry.user, when: time });
  return (
    <section class="history-entry" aria-label={heading}>
      <h2>
        {t("log.entryHead", { action, singular: noun })}{" "}
        {entry.action === "delete" ? (
          entry.objectLabel
        ) : (
          <a href={paths.change(entry.model, entry.objectId)}>{entry.objectLabel}</a>
        )}
      </h2>
      <p class="hint">
        {t("log.by", { user: entry.user })} <time dateTime={entry.createdAt}>{time}</time>
      </p>
      {entry.changes.length > 0 && <ChangesTable changes={entry.changes} fields={model?.fields ?? []} />}
    </section>
  );
}

export function LogPage() {
  const search = location.value.search;
  const params = new URLSearchParams(search);
  const page = Math.max(1, Number(params.get("page") ?? "1") || 1);
  const [answer, setAnswer] = useState<HistoryLogPage | null>(null);
  const entries = answer?.results ?? null;
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams();
    for (const key of [...FILTERS, "page"]) {
      const value = params.get(key);
      if (value) query.set(key, value);
    }
    api<HistoryLogPage>(`/history${queryString(query)}`, { signal: controller.signal }).then(
      (page) => {
        setAnswer(page);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(failure));
      },
    );
    return () => controller.abort();
  }, [search]);

  useTopAfterPaging(answer, ".log-page h1");

  const user = params.get("user") ?? "";
  return (
    <div class="history-page log-page">
      <h1 tabIndex={-1}>{t("log.heading")}</h1>
      <form
        class="toolbar log-filters"
        onSubmit={(event) => {
          event.preventDefault();
          const input = event.currentTarget.elements.namedItem("user") as HTMLInputElement | null;
          update("user", input?.value.trim() ?? "");
        }}
      >
        <label>
          {t("log.model")}{" "}
          <select value={params.get("model") ?? ""} onChange={(event) => update("model", event.currentTarget.value)}>
            <option value="">{t("log.allModels")}</option>
            {models.value.map((model) => (
              <option key={model.name} value={model.name}>
                {model.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("log.user")}{" "}
          <input
            type="search"
            name="user"
            key={user}
            defaultValue={user}
            onChange={(event) => update("user", event.currentTarget.value.trim())}
          />
        </label>
        <label>
          {t("log.action")}{" "}
          <select value={params.get("action") ?? ""} onChange={(event) => update("action", event.currentTarget.value)}>
            <option value="">{t("log.allActions")}</option>
            {actionChoices().map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </form>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {!entries && !error && <p aria-busy="true">{t("app.loading")}</p>}
      {entries?.length === 0 && <p>{t("log.none")}</p>}
      {entries?.map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
      <nav aria-label={t("log.pages")} class="pagination">
        {page > 1 && (
          <button type="button" onClick={(event) => turnTo(event, page - 1)}>
            {t("page.previous")}
          </button>
        )}
        {(page > 1 || answer?.next === true) && <span class="hint">{t("page.number", { page })}</span>}
        {answer?.next === true && (
          <button type="button" onClick={(event) => turnTo(event, page + 1)}>
            {t("page.next")}
          </button>
        )}
      </nav>
    </div>
  );
}
