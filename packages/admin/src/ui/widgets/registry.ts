/** Which component draws each filter widget. */
import type { FunctionComponent } from "preact";
import type { Widget } from "../../shared/widgets.js";
import { Checkboxes } from "./checkboxes.js";
import { Chips } from "./chips.js";
import { ComboboxFilter } from "./combobox-filter.js";
import { DateRange } from "./date-range.js";
import { EntityDropdown } from "./entity-dropdown.js";
import { MultiSelect } from "./multi-select.js";
import { NumericRange } from "./numeric-range.js";
import { Tristate } from "./tristate.js";
import type { WidgetProps } from "./widget-props.js";

/** The one table from a `listFilter` entry's widget to its component (Django's filters.py, in short). */
export const WIDGET_COMPONENTS: Readonly<Record<Widget, FunctionComponent<WidgetProps>>> = {
  tristate: Tristate,
  dateRange: DateRange,
  checkboxes: Checkboxes,
  multiSelect: MultiSelect,
  chips: Chips,
  combobox: ComboboxFilter,
  entityDropdown: EntityDropdown,
  numericRange: NumericRange,
};
