/**
 * The wire forms of ADMIN.md's API, typed once: the server builds these values and the UI reads
 * them (this folder imports nothing outside itself, so both builds can read it).
 */
import type { ActionMeta } from "./actions.js";
import type { Widget } from "./widgets.js";

/** A field's type as the model object names it (the core's field types). */
export type FieldType = "bool" | "int" | "decimal" | "string" | "text" | "time" | "date" | "json" | "foreignKey";

/**
 * How a model's rows page counts: `exact` (the default: DRF's page-number pagination), up to a
 * cap (`{ cap: 10000 }`: the database stops counting there, and the page says the count is
 * capped), or `none` (no count at all: next and previous links only). Tables of millions of
 * rows, where an exact COUNT under a search scans every row, want one of the last two.
 */
export type CountMode = "exact" | { readonly cap: number } | "none";

/** One field of ADMIN.md's model object. */
export interface FieldMeta {
  readonly name: string;
  readonly label: string;
  readonly type: FieldType;
  readonly choices?: readonly (string | number)[];
  /** What each choice is shown as, by value (the model's `choiceLabels`); a choice without one shows its value. */
  readonly choiceLabels?: Readonly<Record<string, string>>;
  /** The registered model a foreign key points at (null when it is not registered). */
  readonly references?: string | null;
  readonly maxLength?: number;
  /** What a new record holds when the form leaves the field alone (the model's default): the add form starts from it. */
  readonly default?: unknown;
  /** Text fields: whether an empty text is a value (DRF's `allow_blank`); else an empty field is one left out. */
  readonly allowBlank?: boolean;
  readonly nullable: boolean;
  readonly editable: boolean;
  readonly required: boolean;
}

/** A `listFilter` entry with its widget filled in. */
export interface ListFilterMeta {
  readonly field: string;
  readonly widget: Widget;
}

/** A computed column of `listDisplay`: its heading, and whether its heading sorts (by the order it names). */
export interface ComputedColumnMeta {
  readonly name: string;
  readonly label: string;
  readonly sortable: boolean;
}

/** ADMIN.md's model object (`GET /api/models`): what the UI builds its pages from. */
export interface ModelMeta {
  readonly name: string;
  readonly label: string;
  readonly pk: string;
  readonly labelField: string;
  readonly fields: readonly FieldMeta[];
  readonly listDisplay: readonly string[];
  /** The columns whose cells link to the record (default: the first). */
  readonly listDisplayLinks: readonly string[];
  /** The change form's sections (`fieldsets`); absent: one section of every field. */
  readonly fieldsets?: readonly {
    readonly name?: string;
    readonly description?: string;
    readonly fields: readonly string[];
  }[];
  readonly listFilter: readonly ListFilterMeta[];
  /**
   * Fields `listFilter` and `listDisplay` reach through relations (`category__name`): filtered,
   * sorted, labelled and shown as columns, never edited.
   */
  readonly relatedFields?: readonly FieldMeta[];
  /** `listDisplay`'s computed columns: shown, never edited; sorted only when `sortable`. */
  readonly computedColumns?: readonly ComputedColumnMeta[];
  readonly searchFields: readonly string[];
  readonly ordering: readonly string[];
  /** Rows per page when the URL names none. */
  readonly listPerPage: number;
  readonly count: CountMode;
  readonly permissions: { readonly add: boolean; readonly change: boolean; readonly delete: boolean };
  /** The list's Action menu: what this user may run over a selection (`actions/{name}`). */
  readonly actions?: readonly ActionMeta[];
}

export type Row = Record<string, unknown>;

/** A page of `rows/`. */
export interface RowsPage {
  /** null when the model does not count (`count: "none"`). */
  readonly count: number | null;
  /** True when the count stopped at the model's cap (`count: { cap }`): there are more rows. */
  readonly countCapped?: boolean;
  readonly next: string | null;
  readonly previous: string | null;
  readonly results: Row[];
}

/** How many matching rows hold one value (a foreign key's value carries its record's label). */
export interface FacetCount {
  readonly value: unknown;
  readonly label?: string;
  readonly count: number;
}

/** One field's facet: counts per value, the range of the matching rows, or why it failed. */
export interface Facet {
  readonly counts?: readonly FacetCount[];
  readonly min?: unknown;
  readonly max?: unknown;
  readonly error?: string;
}

/** A saved view (`saved-views/{model}`). */
export interface SavedView {
  readonly id: number;
  readonly name: string;
  readonly search: string;
  readonly filters: Readonly<Record<string, readonly string[]>>;
  readonly ordering: readonly string[];
  /** The columns it shows, in listDisplay's order; absent: every column. */
  readonly columns?: readonly string[];
  readonly isDefault: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What a POST or PATCH of a saved view may set (a POST names it). */
export interface SavedViewBody {
  readonly name?: string;
  readonly search?: string;
  readonly filters?: Readonly<Record<string, readonly string[]>>;
  readonly ordering?: readonly string[];
  /** The columns to show; null: every column. */
  readonly columns?: readonly string[] | null;
  readonly isDefault?: boolean;
}

/** `GET /api/models`: the models the user may view, and whether the Users page and the history log are theirs. */
export interface ModelsAnswer {
  readonly models: readonly ModelMeta[];
  readonly manageUsers: boolean;
  /** The `historyReaders` option's answer: the whole log (`GET /api/history`) is theirs to read. */
  readonly readHistory: boolean;
}

export interface SessionUser {
  readonly id: string | number;
  readonly username: string;
  readonly isStaff: boolean;
}

/** `GET /api/session` and a sign-in's answer; `csrfToken` is null for a request signed by a header. */
export interface Session {
  readonly user: SessionUser;
  readonly csrfToken: string | null;
}

/** One record a foreign key's lookup names. */
export interface LookupResult {
  readonly id: unknown;
  readonly label: string;
}

/** `lookup/{field}`: the records found (`more` when the limit left some out). */
export interface LookupAnswer {
  readonly results: readonly LookupResult[];
  readonly more: boolean;
}
