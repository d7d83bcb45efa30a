/** A facet's count beside a filter option. */
import { t } from "../i18n/t.js";
import { formatCount } from "../format.js";

/** A facet count beside an option: room kept while loading, so nothing moves when numbers arrive. */
export function Count(props: { readonly id?: string; readonly count: number | undefined }) {
  const text = props.count === undefined ? "" : formatCount(props.count);
  return (
    <span id={props.id} class="count">
      {props.count === undefined ? "" : <span class="sr-only">{t("list.facetRows", { count: props.count })}</span>}
      <span aria-hidden="true">{text}</span>
    </span>
  );
}
