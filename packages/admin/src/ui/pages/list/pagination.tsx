/** The list's pagination: pages, counts (or their absence) and the page size. */
import { t } from "../../i18n/t.js";
import { useId } from "preact/hooks";
import { formatCount } from "../../format.js";
import { location } from "../../router.js";
import type { ModelMeta, RowsPage } from "../../../shared/wire.js";
import { queryString, updateList } from "../../url-state.js";
import { notePageStep } from "./paging-focus.js";

const SIZES = [10, 25, 50, 100, 200];

/** Rows per page: the URL's, else the model's. */
function pageSizeOf(model: ModelMeta, params: URLSearchParams): number {
  const asked = Number(params.get("page_size"));
  return Number.isInteger(asked) && asked > 0 ? asked : model.listPerPage;
}

function hrefFor(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  return `${location.value.path}${queryString(next)}`;
}

function Step({
  label,
  page,
  enabled,
  params,
}: {
  label: string;
  page: number;
  enabled: boolean;
  params: URLSearchParams;
}) {
  if (!enabled) return <span class="page-link disabled">{label}</span>;
  return (
    <a class="page-link" href={hrefFor(params, page)} onClick={notePageStep}>
      {label}
    </a>
  );
}

/** "1–25 of 60", first/previous/next/last, and "Rows per page". */
export function Pagination({
  model,
  params,
  page,
}: {
  model: ModelMeta;
  params: URLSearchParams;
  page: RowsPage | null;
}) {
  const id = useId();
  const current = Math.max(1, Number(params.get("page")) || 1);
  const size = pageSizeOf(model, params);
  // A model may count up to a cap, or not at all: then the last page is unknown.
  const exact = page !== null && page.count !== null && page.countCapped !== true;
  const shown = page?.results.length ?? 0;
  const count = page?.count ?? (current - 1) * size + shown;
  const last = exact ? Math.max(1, Math.ceil(count / size)) : null;
  const first = shown === 0 ? 0 : (current - 1) * size + 1;
  const end = first + shown - (shown === 0 ? 0 : 1);
  const range = { first, last: end, count };
  const summary =
    page?.count === null
      ? t("page.range", range)
      : page?.countCapped
        ? t("page.rangeOfCapped", range)
        : t("page.rangeOf", range);
  const sizes = [...new Set([...SIZES, size])].sort((a, b) => a - b);
  return (
    <nav class="pagination" aria-label={t("page.nav")}>
      <p class="page-summary" aria-live="polite">
        {page ? (shown === 0 ? t("page.noRows") : summary) : ""}
      </p>
      <div class="page-steps">
        <Step label={t("page.first")} page={1} enabled={current > 1} params={params} />
        <Step label={t("page.previous")} page={current - 1} enabled={page?.previous != null} params={params} />
        <span class="page-number">
          {last === null ? t("page.number", { page: current }) : t("page.numberOf", { page: current, pages: last })}
        </span>
        <Step label={t("page.next")} page={current + 1} enabled={page?.next != null} params={params} />
        {last !== null && <Step label={t("page.last")} page={last} enabled={current < last} params={params} />}
      </div>
      <label class="page-size" for={`${id}-size`}>
        {t("page.size")}
      </label>
      <select
        id={`${id}-size`}
        class="select"
        value={String(size)}
        onChange={(event) => {
          const value = (event.currentTarget as HTMLSelectElement).value;
          updateList((p) => p.set("page_size", value));
        }}
      >
        {sizes.map((option) => (
          <option key={option} value={String(option)}>
            {formatCount(option)}
          </option>
        ))}
      </select>
    </nav>
  );
}
