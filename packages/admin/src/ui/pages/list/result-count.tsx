/** The list's total beside its heading: "60 results", "10,000+ results" for a capped count, nothing while loading. */
import { t } from "../../i18n/t.js";
import type { RowsPage } from "../../../shared/wire.js";

/** The count of the rows the list's filters match; nothing for a model that does not count. */
export function ResultCount({ page }: { readonly page: RowsPage | null }) {
  const count = page?.count;
  const text =
    count === null || count === undefined
      ? ""
      : page?.countCapped
        ? t("list.resultCountCapped", { count })
        : t("list.resultCount", { count });
  return <p class="heading-count">{text}</p>;
}
