/**
 * The wire forms of the admin's daily-work routes (selection, actions, delete preview), typed once
 * for the server and the UI: see the README's "Routes of the daily work".
 */

/** Rows chosen in the list: by their ids, or every row the list's query matches (`"status=live&search=red"`). */
export type Selection = { readonly ids: readonly (number | string)[] } | { readonly query: string };

/** One record named for people: its id and its label. */
export interface RecordRef {
  readonly id: unknown;
  readonly label: string;
}

/** Rows of one model a delete touches through one foreign key: how many, and the first of them. */
export interface RelatedGroup {
  /** The registered model (null when the admin does not show it: no links then). */
  readonly model: string | null;
  readonly label: string;
  /** The foreign key that points at the deleted rows, as its field's label. */
  readonly field: string;
  readonly count: number;
  readonly rows: readonly RecordRef[];
  /** Rows deleted with the selection: whether this user may delete them (the delete is refused if not). */
  readonly mayDelete?: boolean;
}

/** `POST models/{model}/delete-preview`: what deleting a selection would do, before it is confirmed. */
export interface DeletePreview {
  readonly count: number;
  readonly rows: readonly RecordRef[];
  /** Rows that point at the selection and refuse the delete (RESTRICT, NO ACTION): nothing may be deleted. */
  readonly blocks: readonly RelatedGroup[];
  /** Rows deleted with the selection (ON DELETE CASCADE, followed through further cascades). */
  readonly deletes: readonly RelatedGroup[];
  /** Rows whose foreign key is cleared (ON DELETE SET NULL, SET DEFAULT). */
  readonly clears: readonly RelatedGroup[];
  /** True when the delete can go ahead: nothing blocks it and the user may delete every cascaded row. */
  readonly deletable: boolean;
}

/** One field of an action's form, from its request schema. */
export interface ActionField {
  readonly name: string;
  readonly label: string;
  readonly type: "number" | "integer" | "text" | "bool" | "choice";
  readonly required: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxLength?: number;
  readonly choices?: readonly string[];
  readonly default?: unknown;
}

/** An action the list offers over a selection (Django's `actions`), and the change form as a button. */
export interface ActionMeta {
  readonly name: string;
  /** The Action menu's words: "Delete selected products", "Discount". */
  readonly label: string;
  /** The form it asks for before it runs (none for delete_selected: its confirmation is the preview). */
  readonly form?: readonly ActionField[];
}

/** A row an action could not change, and why. */
export interface ActionFailure {
  readonly id: unknown;
  readonly label: string;
  readonly message: string;
}

/** `POST models/{model}/actions/{action}`: what the action did, for people and per row. */
export interface ActionResult {
  readonly action: string;
  readonly count: number;
  readonly message: string;
  /** Rows that failed, each with why (the others were changed). */
  readonly failures?: readonly ActionFailure[];
}

/** One changed field of a history entry: its label, and its value before and after (as the API shows them). */
export interface FieldChange {
  readonly field: string;
  readonly label: string;
  readonly old: unknown;
  readonly new: unknown;
}

/** Entries a page of the whole log (`GET history?page=`) holds. */
export const HISTORY_LOG_PAGE = 50;

/** A page of the whole log: its entries, newest first, and whether a next page holds more. */
export interface HistoryLogPage {
  readonly results: readonly HistoryEntry[];
  readonly next: boolean;
}

/** One entry of the history log: who did what to which record, and when. */
export interface HistoryEntry {
  readonly id: number;
  readonly user: string;
  readonly model: string;
  readonly objectId: string;
  readonly objectLabel: string;
  /** "add", "change", "delete", or an action's name ("discount"). */
  readonly action: string;
  readonly changes: readonly FieldChange[];
  readonly createdAt: string;
}
