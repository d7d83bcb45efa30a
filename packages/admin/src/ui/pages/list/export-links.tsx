/** The list's export links: exactly what it shows now (filters, search, order, saved view), as CSV or JSON Lines. */
import { t } from "../../i18n/t.js";
import { base } from "../../api.js";
import type { ModelMeta } from "../../../shared/wire.js";

/** "Export CSV" and "Export JSON Lines": downloads the server streams, of the list's current query and shown columns. */
export function ExportLinks({
  model,
  query,
  columns,
}: {
  readonly model: ModelMeta;
  readonly query: string;
  /** The shown columns' names, when the chooser hides some (absent: listDisplay's). */
  readonly columns?: readonly string[] | undefined;
}) {
  const href = (format: string) => {
    const params = new URLSearchParams(query);
    params.set("format", format);
    if (columns) params.set("columns", columns.join(","));
    return `${base}/api/models/${encodeURIComponent(model.name)}/export?${params.toString()}`;
  };
  return (
    <p class="export-links">
      <a class="button" href={href("csv")} download>
        {t("list.exportCsv")}
      </a>
      <a class="button" href={href("jsonl")} download>
        {t("list.exportJsonLines")}
      </a>
    </p>
  );
}
