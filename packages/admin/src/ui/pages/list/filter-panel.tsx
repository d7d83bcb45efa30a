/** The list's filter panel: one widget per `listFilter` entry. */
import { t } from "../../i18n/t.js";
import { useId } from "preact/hooks";
import type { Facet, ModelMeta } from "../../../shared/wire.js";
import { filterFieldsOf, updateList } from "../../url-state.js";
import { WIDGET_COMPONENTS } from "../../widgets/registry.js";

interface FilterPanelProps {
  readonly model: ModelMeta;
  readonly params: URLSearchParams;
  readonly facets: Readonly<Record<string, Facet>> | null;
  readonly stale: boolean;
  /** The counts could not be had: the widgets work without them, and the panel says so. */
  readonly failed?: boolean;
  readonly open: boolean;
}

/** The region "Filters": one group per `listFilter` entry, named by its field's label. */
export function FilterPanel({ model, params, facets, stale, failed = false, open }: FilterPanelProps) {
  const id = useId();
  return (
    <section
      id="filters"
      class={`filters${open ? " open" : ""}${stale ? " stale" : ""}`}
      aria-labelledby={`${id}-title`}
      aria-busy={stale}
    >
      <h2 id={`${id}-title`} class="panel-title">
        {t("list.filters")}
      </h2>
      <p class="hint facets-failed" role="status">
        {failed ? t("list.countsFailed") : ""}
      </p>
      {model.listFilter.map((entry, index) => {
        const field = filterFieldsOf(model).find((candidate) => candidate.name === entry.field);
        const Widget = WIDGET_COMPONENTS[entry.widget];
        if (!field || !Widget) return null;
        const facet = facets?.[field.name];
        const labelId = `${id}-${index}`;
        return (
          <fieldset key={field.name} class="filter" aria-labelledby={labelId}>
            <legend id={labelId}>{field.label}</legend>
            <Widget
              model={model}
              field={field}
              labelId={labelId}
              params={params}
              facet={facet?.error ? undefined : facet}
              update={(mutate) => updateList(mutate)}
            />
            {facet?.error && <p class="hint">{t("list.countsUnavailable", { error: facet.error })}</p>}
          </fieldset>
        );
      })}
    </section>
  );
}
