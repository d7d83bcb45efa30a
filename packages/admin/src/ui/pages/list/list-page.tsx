/** The list page: saved views, search, filters, the results table and pagination of one model. */
import { nouns, t } from "../../i18n/t.js";
import { useEffect, useState } from "preact/hooks";
import { location, navigate, paths } from "../../router.js";
import { SavedViewsBar, viewHref } from "../../saved-views/saved-views-bar.js";
import { useSavedViews } from "../../saved-views/use-views.js";
import { lastListHref } from "../../state.js";
import type { ModelMeta } from "../../../shared/wire.js";
import { apiQuery, listParams } from "../../url-state.js";
import { ActionBar } from "./action-bar.js";
import { ActiveFilters } from "./active-filters.js";
import { ColumnChooser } from "./column-chooser.js";
import { listColumnsOf, visibleColumns } from "./columns.js";
import { EmptyResults } from "./empty-results.js";
import { ExportLinks } from "./export-links.js";
import { ResultCount } from "./result-count.js";
import { FilterPanel } from "./filter-panel.js";
import { useFacets, useForeignLabels, useRows } from "./list-data.js";
import { Pagination } from "./pagination.js";
import { useTopAfterPaging } from "./paging-focus.js";
import { ResultsTable } from "./results-table.js";
import { useRowActions } from "./row-actions.js";
import { SearchBox } from "./search-box.js";
import { PageCheckbox, RowCheckbox, useSelection } from "./selection.js";

/** The rows a selection of "all matching" means: the list's query without its page. */
function selectionQueryOf(query: string | null): string {
  const params = new URLSearchParams(query ?? "");
  params.delete("page");
  return params.toString();
}

/** A model's list: search, saved views, active filters, the filter panel, the table and its pages. */
export function ListPage({ model }: { readonly model: ModelMeta }) {
  const params = listParams.value;
  const empty = location.value.search === "";
  const saved = useSavedViews(model);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const fallback = saved.views.find((view) => view.isDefault);
  // Opened without a query: the default view, once the views are known (and no rows asked before that).
  const waiting = empty && (!saved.loaded || fallback !== undefined);
  const query = waiting ? null : apiQuery(params);
  // Bumped after an action changed rows: the rows and counts are read again.
  const [version, setVersion] = useState(0);
  const rows = useRows(model, query, version);
  const facets = useFacets(model, query, version);
  const selectionQuery = selectionQueryOf(query);
  const selection = useSelection(`${model.name}?${selectionQuery}`);
  const results = rows.page?.results ?? [];
  useForeignLabels(model, rows.page);
  useTopAfterPaging(rows.page);
  const rowActions = useRowActions(model, () => setVersion((current) => current + 1));

  useEffect(() => {
    if (empty && fallback) navigate(viewHref(fallback, model), { replace: true });
  }, [empty, fallback, model]);
  useEffect(() => {
    lastListHref.set(model.name, location.value.path + location.value.search);
  });

  const ordering = (params.get("ordering") ?? "").split(",").filter((term) => term !== "");
  const hasFilters = model.listFilter.length > 0;
  const columns = visibleColumns(model, params);
  const someHidden = columns.length < listColumnsOf(model).length;
  return (
    <div class="list-page">
      <div class="page-head">
        <h1 tabIndex={-1}>{model.label}</h1>
        <ResultCount page={rows.page} />
        {model.permissions.add && (
          <a class="button primary" href={paths.add(model.name)}>
            {t("common.add", nouns(model.label))}
          </a>
        )}
      </div>
      <div class="toolbar">
        <SearchBox value={params.get("search") ?? ""} fields={model.searchFields} />
        <SavedViewsBar model={model} params={params} saved={saved} />
        <ColumnChooser model={model} params={params} />
      </div>
      <ActiveFilters model={model} params={params} />
      <div class={hasFilters ? "list-layout" : "list-layout no-filters"}>
        {hasFilters && (
          <div class="filters-column">
            <button
              type="button"
              class="filters-toggle"
              aria-expanded={filtersOpen}
              aria-controls="filters"
              onClick={() => setFiltersOpen(!filtersOpen)}
            >
              {filtersOpen ? t("list.hideFilters") : t("list.showFilters")}
            </button>
            <FilterPanel
              model={model}
              params={params}
              facets={facets.facets}
              stale={facets.stale}
              failed={facets.failed}
              open={filtersOpen}
            />
          </div>
        )}
        <div class="results-column">
          {rows.error && (
            <div class="form-error" role="alert">
              <p>{rows.error}</p>
              <p>
                <a href={paths.list(model.name, "?view=all")}>{t("list.showAll", nouns(model.label))}</a>
              </p>
            </div>
          )}
          <ActionBar
            model={model}
            page={rows.page}
            selection={selection}
            query={selectionQuery}
            onDone={() => setVersion(version + 1)}
          />
          <ResultsTable
            model={model}
            columns={columns}
            page={rows.page}
            ordering={ordering.length > 0 ? ordering : model.ordering}
            loading={rows.loading}
            rowActions={rowActions.cell}
            select={
              (model.actions ?? []).length === 0
                ? undefined
                : {
                    header: <PageCheckbox rows={results} model={model} selection={selection} />,
                    cell: (row) => <RowCheckbox row={row} rows={results} model={model} selection={selection} />,
                  }
            }
          />
          {rows.page?.results.length === 0 && <EmptyResults model={model} params={params} />}
          <Pagination model={model} params={params} page={rows.page} />
          {query !== null && (
            <ExportLinks
              model={model}
              query={selectionQuery}
              columns={someHidden ? columns.map((column) => column.name) : undefined}
            />
          )}
          {rowActions.dialog}
        </div>
      </div>
    </div>
  );
}
