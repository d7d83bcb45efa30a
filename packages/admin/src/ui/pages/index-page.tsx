import { paths } from "../router.js";
import { models, singular } from "../state.js";

/** The models the user may see, each with its list and, when allowed, "Add". */
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
    </div>
  );
}
