/** The wire forms of ADMIN.md's API, as the UI reads them. */
import type { Widget } from "../shared/widgets.js";

export type { Widget };

export type FieldType = "bool" | "int" | "decimal" | "string" | "text" | "time" | "date" | "json" | "foreignKey";

export interface FieldMeta {
  readonly name: string;
  readonly label: string;
  readonly type: FieldType;
  readonly choices?: readonly (string | number)[];
  /** The registered model a foreign key points at (null when it is not registered). */
  readonly references?: string | null;
  readonly maxLength?: number;
  readonly nullable: boolean;
  readonly editable: boolean;
  readonly required: boolean;
}

export interface ModelMeta {
  readonly name: string;
  readonly label: string;
  readonly pk: string;
  readonly labelField: string;
  readonly fields: readonly FieldMeta[];
  readonly listDisplay: readonly string[];
  readonly listFilter: readonly { readonly field: string; readonly widget: Widget }[];
  readonly searchFields: readonly string[];
  readonly ordering: readonly string[];
  /** Rows per page when the URL names none. */
  readonly listPerPage: number;
  readonly permissions: { readonly add: boolean; readonly change: boolean; readonly delete: boolean };
}

export type Row = Record<string, unknown>;

export interface RowsPage {
  /** null when the model does not count (`count: "none"`). */
  readonly count: number | null;
  /** True when the count stopped at the model's cap (`count: { cap }`): there are more rows. */
  readonly countCapped?: boolean;
  readonly next: string | null;
  readonly previous: string | null;
  readonly results: Row[];
}

export interface ValueCount {
  readonly value: unknown;
  readonly label?: string;
  readonly count: number;
}

/** One field's facet: counts per value, the range of the matching rows, or why it failed. */
export interface Facet {
  readonly counts?: readonly ValueCount[];
  readonly min?: unknown;
  readonly max?: unknown;
  readonly error?: string;
}

export interface SavedView {
  readonly id: number;
  readonly name: string;
  readonly search: string;
  readonly filters: Readonly<Record<string, readonly string[]>>;
  readonly ordering: readonly string[];
  readonly isDefault: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface SessionUser {
  readonly id: string | number;
  readonly username: string;
  readonly isStaff: boolean;
}

export interface Session {
  readonly user: SessionUser;
  readonly csrfToken: string | null;
}

/** A record as a lookup names it. */
export interface Choice {
  readonly id: string;
  readonly label: string;
  readonly count?: number;
}
