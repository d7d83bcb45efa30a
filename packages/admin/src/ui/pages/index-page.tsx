/** The index page: the registered models the user may see, with links to their lists. */
import { api, messageOf } from "../api.js";
import { paths } from "../router.js";
import { flash, models, singular } from "../state.js";
import { RecentActions } from "./history/recent-actions.js";

/** Ends the user's sessions in other browsers (a lost laptop, a shared computer); this one stays. */
async function endOtherSessions(): Promise<void> {
  try {
    const { ended } = await api<{ ended: number }>("/session/others", { method: "DELETE" });
    flash.value =
      ended === 0
        ? "You were not signed in anywhere else."
        : `Signed out of ${ended} other session${ended === 1 ? "" : "s"}.`;
  } catch (error) {
    flash.value = messageOf(error);
  }
}

/** The models the user may see, each with its list and, when allowed, "Add"; and the user's other sessions. */
export function IndexPage() {
  return (
    <div class="index-page">
      <h1 tabIndex={-1}>Site administration</h1>
      <ul class="model-list">
        {models.value.map((model) => (
          <li key={model.name} class="model-item">
            <a href={paths.list(model.name)} class="model-link">
              {model.label}
            </a>
            {model.permissions.add && (
              <a href={paths.add(model.name)} class="button">
                Add {singular(model.label)}
              </a>
            )}
          </li>
        ))}
      </ul>
      <RecentActions />
      <section aria-labelledby="sessions-heading" class="sessions">
        <h2 id="sessions-heading">Your sessions</h2>
        <p>Signed in on another computer, or lost one? End every session but this one.</p>
        <button type="button" onClick={endOtherSessions}>
          End other sessions
        </button>
      </section>
    </div>
  );
}
