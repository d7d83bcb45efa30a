/** The index's "Recent actions" panel (Django's): the signed-in user's latest changes, each a link to its record. */
import { actionText } from "./entry-parts.js";
import { t } from "../../i18n/t.js";
import { useEffect, useState } from "preact/hooks";
import { api } from "../../api.js";
import { paths } from "../../router.js";
import { modelNamed } from "../../state.js";
import type { HistoryEntry } from "../../../shared/actions.js";

export function RecentActions() {
  const [entries, setEntries] = useState<readonly HistoryEntry[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api<{ results: HistoryEntry[] }>("/history/recent", { signal: controller.signal }).then(
      (answer) => setEntries(answer.results),
      () => setEntries([]),
    );
    return () => controller.abort();
  }, []);
  return (
    <section aria-labelledby="recent-heading" class="recent-actions">
      <h2 id="recent-heading">{t("recent.heading")}</h2>
      {entries?.length === 0 && <p>{t("recent.none")}</p>}
      <ul>
        {entries?.map((entry) => (
          <li key={entry.id}>
            {entry.action === "delete" ? (
              entry.objectLabel
            ) : (
              <a href={paths.change(entry.model, entry.objectId)}>{entry.objectLabel}</a>
            )}{" "}
            <span class="hint">
              {t("recent.meta", {
                action: actionText(entry.action),
                model: modelNamed(entry.model)?.label ?? entry.model,
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
