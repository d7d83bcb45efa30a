/** The index page: the registered models the user may see, with links to their lists. */
import { nouns, t } from "../i18n/t.js";
import { api, messageOf } from "../api.js";
import { paths } from "../router.js";
import { flash, models } from "../state.js";
import { RecentActions } from "./history/recent-actions.js";

/** Ends the user's sessions in other browsers (a lost laptop, a shared computer); this one stays. */
async function endOtherSessions(): Promise<void> {
  try {
    const { ended } = await api<{ ended: number }>("/session/others", { method: "DELETE" });
    flash.value = ended === 0 ? t("index.noOtherSessions") : t("index.endedSessions", { count: ended });
  } catch (error) {
    flash.value = messageOf(error);
  }
}

/** The models the user may see, each with its list and, when allowed, "Add"; and the user's other sessions. */
export function IndexPage() {
  return (
    <div class="index-page">
      <h1 tabIndex={-1}>{t("index.heading")}</h1>
      <ul class="model-list">
        {models.value.map((model) => (
          <li key={model.name} class="model-item">
            <a href={paths.list(model.name)} class="model-link">
              {model.label}
            </a>
            {model.permissions.add && (
              <a href={paths.add(model.name)} class="button">
                {t("common.add", nouns(model.label))}
              </a>
            )}
          </li>
        ))}
      </ul>
      <RecentActions />
      <section aria-labelledby="sessions-heading" class="sessions">
        <h2 id="sessions-heading">{t("index.sessions")}</h2>
        <p>{t("index.sessionsHint")}</p>
        <button type="button" onClick={endOtherSessions}>
          {t("index.endSessions")}
        </button>
      </section>
    </div>
  );
}
