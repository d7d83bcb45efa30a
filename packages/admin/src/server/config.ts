/** How an app configures one model in the admin (`ModelConfig`) and which filter widgets fit which field types. */
import type {
  FieldDef,
  FieldPath,
  FieldType,
  Manager,
  Model,
  NoRelations,
  PathOrderingTerm,
  PipelineManager,
  ReadManager,
  RelationsOf,
} from "@viewsets/core";
import type * as v from "valibot";
import type { RequestContext } from "@viewsets/core";
import type { Widget } from "../shared/widgets.js";
import type { CountMode } from "./count-pagination.js";

export type { Widget };

/** A field name of the row type: typos fail to compile. */
type FieldName<Row> = keyof Row & string;

/**
 * A `listFilter` entry: a field (its default widget), or a field with one of its variants; a path
 * through `relations` (`category__name`) filters by the related row's field.
 */
export type ListFilterEntry<Row, Rel = NoRelations> =
  | FieldPath<Row, Rel>
  | { readonly field: FieldPath<Row, Rel>; readonly widget: Widget };

/** What every admin action has: its words, its form and the permission it needs. */
interface AdminActionBase<S extends v.GenericSchema> {
  /** The button's and the menu's word: "Discount". */
  readonly label: string;
  /** What it did, for the summary: "Discounted" ("Discounted 37 products"). Default: `label` + "ed". */
  readonly done?: string;
  /** The body it asks for (valibot): rendered as a form, and a 400 beside each field when it fails. */
  readonly schema?: S;
  /** The model permission it needs (default `change`). */
  readonly permission?: "add" | "change" | "delete";
}

/**
 * An action the admin offers on a model's rows (Django's admin actions), opt-in per action: on the
 * change form as a button and over a selection from the Action menu. Give it the API action's
 * request schema and the function its handler calls, so both validate and write alike. It runs
 * row by row; `over: "selection"` (`SelectionAction`) runs once over all of them.
 */
export interface RowAction<Row, S extends v.GenericSchema = v.GenericSchema> extends AdminActionBase<S> {
  readonly over?: "row";
  /**
   * Runs on one row, in the row's transaction with its history entry (a manager over the admin's
   * database joins it, as the API action's `atomic` does). A row that throws (a ValidationError,
   * a 404) is listed with why, keeps nothing the action wrote to it, and the others go ahead.
   */
  readonly run: (ctx: RequestContext, row: Row, data: v.InferOutput<S>) => unknown;
}

/**
 * An action run once over the whole selection, in one transaction (Django's `queryset.update(...)`
 * in an action): one UPDATE for 10,000 rows rather than 10,000. Each row is checked first; the
 * run then gets the rows that passed, and each row it changed is logged.
 */
export interface SelectionAction<Row, S extends v.GenericSchema = v.GenericSchema> extends AdminActionBase<S> {
  readonly over: "selection";
  /**
   * The per-row check, before anything is written: a row it refuses (throws an API error, a
   * ValidationError) is listed in `failures` with why and left out of the run.
   */
  readonly check?: (ctx: RequestContext, row: Row, data: v.InferOutput<S>) => unknown;
  /**
   * Runs once on the selected rows that passed the check (in the model's order), in the
   * transaction that logs them: when it throws, nothing is written and the error answers (a
   * ValidationError its 400).
   */
  readonly run: (ctx: RequestContext, rows: readonly Row[], data: v.InferOutput<S>) => unknown;
}

export type AdminAction<Row, S extends v.GenericSchema = v.GenericSchema> = RowAction<Row, S> | SelectionAction<Row, S>;

/** An action with its schema's output typing `run`'s data: `adminAction({ label, schema, run })`. */
export function adminAction<Row, S extends v.GenericSchema>(action: SelectionAction<Row, S>): SelectionAction<Row, S>;
export function adminAction<Row, S extends v.GenericSchema>(action: RowAction<Row, S>): RowAction<Row, S>;
export function adminAction<Row, S extends v.GenericSchema>(action: AdminAction<Row, S>): AdminAction<Row, S> {
  return action;
}

/** What a computed column's cell holds: text, a number, yes or no, or nothing. */
export type ColumnValue = string | number | boolean | null;

/**
 * A column computed on the server from each row (Django's `@admin.display` callable in
 * `list_display`): shown and exported, never written. It sorts only when `ordering` names a
 * field (or a path through `relations`) to sort by instead, as Django's `ordering=`.
 */
export interface ComputedColumn<Row, Rel = NoRelations> {
  /** The column's key in the rows answer and the export, and in `?ordering=`: not a field's name. */
  readonly name: string;
  /** Its heading (default: the name humanized). */
  readonly label?: string;
  readonly value: (row: Row) => ColumnValue;
  /** The order clicking its heading sorts by (`"price"`, `"-category__name"`): without it, the column does not sort. */
  readonly ordering?: PathOrderingTerm<Row, Rel>;
}

/** A `listDisplay` entry: a field, a path through `relations` (`category__name`), or a computed column. */
export type ListDisplayEntry<Row, Rel = NoRelations> = FieldPath<Row, Rel> | ComputedColumn<Row, Rel>;

/** One section of the change form (Django's fieldset): `{ name: "Pricing", fields: ["price", "status"] }`. */
export interface Fieldset<Row> {
  readonly name?: string;
  readonly description?: string;
  readonly fields: readonly FieldName<Row>[];
}

/** How one model shows in the admin (Django's `ModelAdmin`; the spec's `admin.ModelConfig[T]`). */
export interface ModelConfig<Row extends object, Rel = NoRelations> {
  readonly model: Model<Row>;
  /** The rows and writes: the same manager the REST API's viewset uses. */
  readonly queryset: ReadManager<Row> & PipelineManager<Row> & Partial<Manager<Row>>;
  /**
   * The table's columns (default: every serializable field): fields, paths through `relations`
   * (`category__name`: the related row's value, sorted by it) and computed columns.
   */
  readonly listDisplay?: readonly ListDisplayEntry<Row, Rel>[];
  /** The columns whose cells link to the record (Django's `list_display_links`; default: the first column). */
  readonly listDisplayLinks?: readonly FieldName<Row>[];
  /**
   * Fields the change form shows but never writes (Django's `readonly_fields`): the admin's
   * writes ignore them, as the REST API ignores read-only keys.
   */
  readonly readonlyFields?: readonly FieldName<Row>[];
  /**
   * The change form's sections, in order (Django's `fieldsets`): each a heading (none for the
   * first, untitled one), an optional description and its fields. Fields in no section are not shown.
   */
  readonly fieldsets?: readonly Fieldset<Row>[];
  /**
   * Foreign keys `listFilter` and `searchFields` may follow, as a viewset's `relations` (the
   * viewset's own: `relations: productViewSet.options.relations`).
   */
  readonly relations?: Rel & RelationsOf<Row>;
  readonly listFilter?: readonly ListFilterEntry<Row, Rel>[];
  /** Fields `?search=` looks in (icontains); paths through `relations` too. */
  readonly searchFields?: readonly FieldPath<Row, Rel>[];
  /** The default order (the primary key always ends it). */
  readonly ordering?: readonly (FieldName<Row> | `-${FieldName<Row>}`)[];
  /** Rows per page (default 50). */
  readonly listPerPage?: number;
  /** The field that names a record in lookups and foreign-key columns (default: the first string field). */
  readonly labelField?: FieldName<Row>;
  /** What the admin may do to this model's rows (default: each one the manager can do). */
  readonly add?: boolean;
  readonly change?: boolean;
  readonly delete?: boolean;
  /**
   * How the rows page counts: `"exact"` (default), `{ cap: 10000 }` (counts stop at the cap and the
   * page says `countCapped`), or `"none"` (`count: null`, next and previous links only).
   */
  readonly count?: CountMode;
  /** The model's name for people (default: the registered name, capitalized, `_` as spaces). */
  readonly label?: string;
  /**
   * Actions on rows besides deleting, by the name in their URL (`actions/{name}`): opt-in, each
   * built with `adminAction` (the API action's schema and write).
   */
  // biome-ignore lint/suspicious/noExplicitAny: each action has its own schema; adminAction types its run.
  readonly actions?: Readonly<Record<string, AdminAction<Row, any>>>;
}

/** The field types each widget fits; the first widget listed for a type is its default. */
export const WIDGETS_BY_TYPE: Readonly<Record<FieldType, readonly Widget[]>> = {
  bool: ["tristate"],
  time: ["dateRange"],
  date: ["dateRange"],
  foreignKey: ["combobox", "entityDropdown"],
  int: ["numericRange"],
  decimal: ["numericRange"],
  string: ["chips"],
  text: ["chips"],
  json: [],
};

/** Fields with choices take the choice widgets, whatever their type. */
export const CHOICE_WIDGETS: readonly Widget[] = ["checkboxes", "multiSelect", "chips"];

/** The widgets a field may use: its type's, or the choice widgets when it has choices. */
export function widgetsFor(field: FieldDef): readonly Widget[] {
  return field.choices && field.choices.length > 0 ? CHOICE_WIDGETS : WIDGETS_BY_TYPE[field.type];
}

/** The default widget of a field, or undefined when none fits (json). */
export function defaultWidget(field: FieldDef): Widget | undefined {
  return widgetsFor(field)[0];
}
