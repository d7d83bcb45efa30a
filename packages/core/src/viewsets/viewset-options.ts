/** The options of a viewset: model, serializer, queryset, guards, pagination and the rest. */
import type { BulkCreateOptions } from "./bulk-create.js";
import type { Authenticator } from "../auth/authentication.js";
import type { Permission } from "../auth/permissions.js";
import type { Model } from "../models/define-model.js";
import type { Manager, PipelineManager, ReadManager } from "../query/manager.js";
import type { Paginator } from "../query/paginator.js";
import type { FieldPath, NoRelations, PathOrderingTerm, Relation } from "../query/relations.js";
import type { SerializerFactory } from "../serializers/base-serializer.js";
import type { Throttle } from "../throttling/throttle.js";

/** A field name of the row type: typos fail to compile. */
export type FieldName<Row> = keyof Row & string;
/** An ordering term: a field name, with a leading minus for descending. */
export type OrderingTerm<Row> = FieldName<Row> | `-${FieldName<Row>}`;

/** A viewset's relations: each follows a foreign-key field of the row to another model. */
export type RelationsOf<Row> = Readonly<Record<string, Relation<FieldName<Row>, object, unknown>>>;

/**
 * The options of a viewset. `Rel` is the type of its `relations`: the paths through them that
 * `filterFields`, `orderingFields` and `searchFields` may name (a wrong one fails to compile).
 */
export interface ViewSetCommonOptions<Row extends object, Rel = NoRelations> {
  /** Required: returns the serializer for each request (a `modelSerializer` of this row type, or any untyped one). */
  serializer: SerializerFactory<Row>;
  model: Model<Row>;
  /** Fields removed from responses (`nonSerializableFields(model)` is a suitable list). */
  excludeResponseFields?: readonly FieldName<Row>[];
  /** Fields requests may not set (`nonEditableFields(model)` is a suitable list). */
  readOnlyRequestFields?: readonly FieldName<Row>[];
  /** When true, a body with an unknown key is a 400 naming each one. */
  rejectUnknownRequestFields?: boolean;
  throttles?: readonly Throttle[];
  authentication?: readonly Authenticator[];
  permissions?: readonly Permission[];
  /**
   * Foreign keys the lists may follow, as Django's relations: `{ category: { source: "categoryId",
   * target: categoryViewSet.options } }` lets the lists below name `category__name` (and the
   * target's own relations, `category__parent__name`); filters, search and order run in the database.
   */
  relations?: Rel & RelationsOf<Row>;
  /** Narrows the filterable fields (default: every serialized field); paths through `relations` too. */
  filterFields?: readonly FieldPath<Row, Rel>[];
  /** Narrows the orderable fields (default: every serialized field); paths through `relations` too. */
  orderingFields?: readonly FieldPath<Row, Rel>[];
  /** Fields `?search=` looks in (icontains); paths through `relations` too. */
  searchFields?: readonly FieldPath<Row, Rel>[];
  /**
   * Off by default (django-filter ignores a parameter it does not know): when true, a query
   * parameter of a list that is no filter and none the list reads is a 400 naming it.
   */
  strictFilters?: boolean;
  /** The default order (the primary key always ends it). */
  ordering?: readonly PathOrderingTerm<Row, Rel>[];
  pageSize?: number;
  maxPageSize?: number;
  /** Page-number pagination by default. */
  pagination?: Paginator;
  /** Largest request body in bytes (1 MiB by default). */
  bodyLimit?: number;
  /** Each write route in one database transaction, rolled back on any error (needs `queryset.atomic`). */
  atomic?: boolean;
  /** Off by default: a JSON array POSTed to the list creates all items or none (see `bulk-create.ts`). */
  bulkCreate?: boolean | BulkCreateOptions;
}

/** The queryset a read-only viewset needs: count, all and get, with the optional list pipeline. */
export type ReadQueryset<Row> = ReadManager<Row> & PipelineManager<Row>;
/** The queryset a writable viewset needs: also create, update and delete. */
export type WriteQueryset<Row> = Manager<Row> & PipelineManager<Row>;

export type ViewSetOptions<Row extends object, Rel = NoRelations> =
  | (ViewSetCommonOptions<Row, Rel> & { readOnly: true; queryset: ReadQueryset<Row> })
  | (ViewSetCommonOptions<Row, Rel> & { readOnly?: boolean; queryset: WriteQueryset<Row> });

/** The options as the viewset reads them at request time (any shape may have been set later). */
export type AnyOptions<Row extends object, Rel = NoRelations> = ViewSetCommonOptions<Row, Rel> & {
  readOnly?: boolean;
  queryset: ReadQueryset<Row> & Partial<Manager<Row>>;
};
