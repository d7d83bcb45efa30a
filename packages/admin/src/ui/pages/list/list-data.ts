/** The list page's data: its rows, its facets and the labels of the foreign keys shown. */
import { t } from "../../i18n/t.js";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiProblem, api, isAbort, messageOf } from "../../api.js";
import { foreignSource, loadLabels } from "../../labels.js";
import { models } from "../../state.js";
import type { Facet, ModelMeta, RowsPage } from "../../../shared/wire.js";

const FACETS_AFTER_MS = 150;

/** A 400 on the list names the parameters that did not coerce: say which, in words. */
function listError(error: unknown): string {
  if (error instanceof ApiProblem && error.status === 400 && Object.keys(error.errors).length > 0) {
    const parts = Object.entries(error.errors).map(([key, messages]) => `${key}: ${messages.join(" ")}`);
    return t("list.badAddress", { details: parts.join(" ") });
  }
  if (error instanceof ApiProblem && error.status === 404) return t("list.noSuchPage");
  return messageOf(error);
}

export interface RowsState {
  readonly page: RowsPage | null;
  readonly error: string | null;
  readonly loading: boolean;
}

/**
 * The rows of `query`; a newer query aborts the older request, and the last rows stay until new
 * ones come. A new `version` reads them again (after an action changed them).
 */
export function useRows(model: ModelMeta, query: string | null, version = 0): RowsState {
  const [state, setState] = useState<RowsState>({ page: null, error: null, loading: true });
  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    api<RowsPage>(`/models/${encodeURIComponent(model.name)}/rows/${query}`, { signal: controller.signal }).then(
      (page) => setState({ page, error: null, loading: false }),
      (error: unknown) => {
        if (!isAbort(error)) setState({ page: null, error: listError(error), loading: false });
      },
    );
    return () => controller.abort();
  }, [model.name, query, version]);
  return state;
}

export interface FacetsState {
  readonly facets: Readonly<Record<string, Facet>> | null;
  /** True while newer counts are on their way: the shown ones are dimmed and the panel is busy. */
  readonly stale: boolean;
  /** True when the last facets request failed: the filters stay, and the panel says the counts are unavailable. */
  readonly failed: boolean;
}

/**
 * The facet counts of `query`, asked a moment after the last change; only the answer to the
 * newest request is ever shown (older ones are aborted, and ignored should they still arrive).
 */
export function useFacets(model: ModelMeta, query: string | null, version = 0): FacetsState {
  const [state, setState] = useState<FacetsState>({ facets: null, stale: true, failed: false });
  const latest = useRef(0);
  useEffect(() => {
    if (query === null || model.listFilter.length === 0) return;
    const ticket = ++latest.current;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, stale: true }));
    const timer = window.setTimeout(() => {
      api<{ facets: Record<string, Facet> }>(`/models/${encodeURIComponent(model.name)}/facets${query}`, {
        signal: controller.signal,
      }).then(
        (answer) => {
          if (ticket === latest.current) setState({ facets: answer.facets, stale: false, failed: false });
        },
        (error: unknown) => {
          if (!isAbort(error) && ticket === latest.current) setState({ facets: null, stale: false, failed: true });
        },
      );
    }, FACETS_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [model.name, query, version]);
  return state;
}

/** Loads the labels of the foreign keys a page of rows shows. */
export function useForeignLabels(model: ModelMeta, page: RowsPage | null): void {
  useEffect(() => {
    if (!page) return;
    for (const name of model.listDisplay) {
      const field = model.fields.find((candidate) => candidate.name === name);
      if (field?.type !== "foreignKey") continue;
      const source = foreignSource(model, field, models.value);
      const ids = page.results.map((row) => row[name]).filter((id) => id !== null && id !== undefined);
      if (source && ids.length > 0) void loadLabels(source, ids.map(String));
    }
  }, [model, page]);
}
