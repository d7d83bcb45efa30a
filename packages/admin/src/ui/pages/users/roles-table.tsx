/** The Users page's table of roles: what each may do with each registered model. */
import { t } from "../../i18n/t.js";
import { models } from "../../state.js";
import type { RoleDescription } from "./users-api.js";

export function RolesTable(props: { roles: readonly RoleDescription[] }) {
  return (
    <section aria-labelledby="roles-heading" class="roles">
      <h2 id="roles-heading">{t("roles.heading")}</h2>
      <table class="results">
        <thead>
          <tr>
            <th scope="col">{t("users.role")}</th>
            {models.value.map((model) => (
              <th scope="col" key={model.name}>
                {model.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.roles.map((role) => (
            <tr key={role.name}>
              <th scope="row">{role.name}</th>
              {models.value.map((model) => (
                <td key={model.name}>
                  {role.superuser
                    ? t("roles.everything")
                    : (role.permissions[model.name] ?? []).join(", ") || t("roles.nothing")}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
