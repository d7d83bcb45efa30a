/** The list's results table: its columns, sortable headers and links to each record. */
import { t } from "../../i18n/t.js";
import { formatValue } from "../../format.js";
import { foreignSource, labelOf } from "../../labels.js";
import { paths } from "../../router.js";
import { models } from "../../state.js";
import type { ComponentChild } from "preact";
import type { FieldMeta, ModelMeta, Row, RowsPage } from "../../../shared/wire.js";
import { updateList } from "../../url-state.js";
import type { ListColumn } from "./columns.js";
import { SkeletonRows } from "./skeleton-rows.js";

type Direction = "ascending" | "descending" | "none";

function directionOf(ordering: readonly string[], field: string): Direction {
  const first = ordering[0];
  if (first === field) return "ascending";
  if (first === `-${field}`) return "descending";
  return "none";
}

/** Ascending, then descending, then the model's own order. */
function nextOrdering(direction: Direction, field: string): string | null {
  if (direction === "none") return field;
  if (direction === "ascending") return `-${field}`;
  return null;
}

function Cell({
  model,
  name,
  field,
  row,
}: {
  readonly model: ModelMeta;
  readonly name: string;
  readonly field: FieldMeta | undefined;
  readonly row: Row;
}) {
  const value = row[name];
  if (field?.type === "foreignKey" && value !== null && value !== undefined) {
    const source = foreignSource(model, field, models.value);
    return <>{(source && labelOf(source.key, String(value))) ?? `#${String(value)}`}</>;
  }
  // A computed column's cell: text, a number, yes or no.
  if (!field && typeof value === "boolean") return <>{value ? t("common.yes") : t("common.no")}</>;
  return <>{formatValue(field, value, field?.name === model.pk)}</>;
}

interface ResultsTableProps {
  readonly model: ModelMeta;
  /** The columns shown (listDisplay's, less those the column chooser hides). */
  readonly columns: readonly ListColumn[];
  readonly page: RowsPage | null;
  readonly ordering: readonly string[];
  readonly loading: boolean;
  /** A first column of checkboxes (the selection's): its header and each row's cell. */
  readonly select?: { readonly header: ComponentChild; cell(row: Row): ComponentChild };
  /** A last "Actions" column: each row's buttons for the app's actions. */
  readonly rowActions?: ((row: Row) => ComponentChild) | undefined;
}

/** The results `table`: listDisplay's columns, headers that sort, the first cell a link to the record. */
export function ResultsTable({ model, columns, page, ordering, loading, select, rowActions }: ResultsTableProps) {
  const count = page?.count ?? page?.results.length ?? 0;
  const region = t("list.tableRegion", { label: model.label });
  // With every linking column hidden by the chooser, the first one shown links instead: each row keeps its way in.
  const links = columns.some((column) => model.listDisplayLinks.includes(column.name))
    ? model.listDisplayLinks
    : columns.slice(0, 1).map((column) => column.name);
  // A computed column has no type: it lines up as numbers when the page's values all are.
  const isNumeric = (name: string, field: FieldMeta | undefined) =>
    field
      ? field.type === "int" || field.type === "decimal"
      : (page?.results ?? []).some((row) => typeof row[name] === "number") &&
        (page?.results ?? []).every((row) => row[name] === null || typeof row[name] === "number");
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
    <section class={loading ? "table-wrap busy" : "table-wrap"} aria-label={region} tabIndex={0}>
      <table class={loading ? "results loading" : "results"} aria-busy={loading}>
        <caption class="sr-only">{t("list.caption", { label: model.label, count })}</caption>
        <thead>
          <tr>
            {select && <td class="select">{select.header}</td>}
            {columns.map(({ name, label, field, sortable }) => {
              const direction = directionOf(ordering, name);
              const numeric = isNumeric(name, field);
              // A heading that does not sort is left out of the narrow layout's row of sort chips.
              const kind = `${numeric ? "num" : ""}${sortable ? "" : " unsorted"}`.trim();
              return (
                <th key={name} scope="col" aria-sort={direction === "none" ? undefined : direction} class={kind}>
                  {/* A computed column without an order to sort by is a heading only. */}
                  {!sortable && label}
                  {sortable && (
                    <button
                      type="button"
                      class="sort"
                      onClick={() =>
                        updateList((p) => {
                          const next = nextOrdering(direction, name);
                          if (next === null) p.delete("ordering");
                          else p.set("ordering", next);
                        })
                      }
                    >
                      {label}
                      <span class="sort-mark" aria-hidden="true">
                        {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : ""}
                      </span>
                    </button>
                  )}
                </th>
              );
            })}
            {rowActions && (
              <th scope="col" class="row-actions-head">
                {t("list.actionsColumn")}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {page === null && loading && (
            <SkeletonRows
              columns={(select ? 1 : 0) + columns.length + (rowActions ? 1 : 0)}
              rows={Math.min(model.listPerPage, 10)}
            />
          )}
          {page?.results.map((row) => (
            <tr key={String(row[model.pk])}>
              {select && <td class="select">{select.cell(row)}</td>}
              {columns.map(({ name, label, field }, index) => {
                const numeric = isNumeric(name, field);
                const shown = <Cell model={model} name={name} field={field} row={row} />;
                // `listDisplayLinks` (default: the first column) link to the record.
                const cell = links.includes(name) ? (
                  <a href={paths.change(model.name, row[model.pk])}>{shown}</a>
                ) : (
                  shown
                );
                // data-label: the column's name beside each value where narrow screens show rows as cards.
                return index === 0 ? (
                  <th key={name} scope="row" class={numeric ? "num" : ""} data-label={label}>
                    {cell}
                  </th>
                ) : (
                  <td
                    key={name}
                    class={numeric ? "num" : field?.type === "string" || field?.type === "text" ? "text" : ""}
                    data-label={label}
                  >
                    {cell}
                  </td>
                );
              })}
              {rowActions && (
                <td class="row-actions" data-label={t("list.actionsColumn")}>
                  {rowActions(row)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
