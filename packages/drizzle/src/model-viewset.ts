/** `modelViewSet`: a table's model, manager and viewset in one call. */
import type { Table } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  BaseSerializer,
  BaseViewSet,
  type NoRelations,
  type SerializerFactory,
  type ViewSetCommonOptions,
  type WriteQueryset,
} from "@viewsets/core";
import { verboseNameOf } from "@viewsets/core/internals";
import { DrizzleManager } from "./manager.js";
import type { PostgresDatabase, SQLiteDatabase } from "./connection/runner.js";
import type { ManagerOptions } from "./query/table-access.js";
import { type JsonSchemas, type RowWithJson, tableModel, type TypedTableModelOptions } from "./model/table-model.js";

/** The row of a table, its JSON columns typed by their schemas. */
type Row<T extends Table, J = NoSchemas> = RowWithJson<T, J>;

/** What `modelViewSet` returns: a viewset whose queryset is a manager with every operation (create, update, delete). */
export type ModelViewSet<T extends Table, J = NoSchemas, Rel = NoRelations> = BaseViewSet<
  Row<T, J>,
  WriteQueryset<Row<T, J>>,
  Rel
>;
type NoSchemas = Record<never, never>;

/** The viewset's options, without the model and queryset that `modelViewSet` builds; `Rel`, its relations' type. */
export type ModelViewSetOptions<T extends Table, J = NoSchemas, Rel = NoRelations> = Omit<
  ViewSetCommonOptions<Row<T, J>, Rel>,
  "model" | "serializer"
> & {
  /** `BaseSerializer` when left out. */
  serializer?: SerializerFactory;
  /** Serve only list and retrieve. */
  readOnly?: boolean;
  /** Options of the table's model: `hidden` and `readOnly` fields, `choices`, `json` schemas, `clean`, `name`. */
  model?: TypedTableModelOptions<T, J>;
  /** Hides rows on every route (see `createManager`). */
  scope?: ManagerOptions<T>["scope"];
  /** A trigram index that `?search=` and `icontains` use on SQLite (see `createManager`). */
  searchIndex?: ManagerOptions<T>["searchIndex"];
  /** SQLite: how long a statement waits for another connection's lock before a 503 (see `createManager`). */
  lockWaitMs?: number;
};

/**
 * The `<Model>ViewSet` of a table in one call: `router.register("products", modelViewSet(db, products))`
 * builds `tableModel(table)`, `createManager(db, table)` and a `BaseViewSet` over them.
 */
export function modelViewSet<T extends SQLiteTable, J extends JsonSchemas<T> = NoSchemas, Rel = NoRelations>(
  db: SQLiteDatabase,
  table: T extends PgTable ? never : T,
  options?: ModelViewSetOptions<T, J, Rel>,
): ModelViewSet<T, J, Rel>;
export function modelViewSet<T extends PgTable, J extends JsonSchemas<T> = NoSchemas, Rel = NoRelations>(
  db: PostgresDatabase,
  table: T,
  options?: ModelViewSetOptions<T, J, Rel>,
): ModelViewSet<T, J, Rel>;
export function modelViewSet<T extends Table, J extends JsonSchemas<T>, Rel>(
  db: SQLiteDatabase | PostgresDatabase,
  table: T,
  options: ModelViewSetOptions<T, J, Rel> = {},
): ModelViewSet<T, J, Rel> {
  const { model: modelOptions, scope, searchIndex, lockWaitMs, serializer, ...viewsetOptions } = options;
  const model = tableModel<T, J>(table, modelOptions);
  const queryset = new DrizzleManager(db, table, {
    verboseName: verboseNameOf(model),
    ...(scope && { scope }),
    ...(searchIndex && { searchIndex }),
    ...(lockWaitMs !== undefined && { lockWaitMs }),
  });
  return new BaseViewSet<Row<T, J>, WriteQueryset<Row<T, J>>, Rel>({
    serializer: serializer ?? (() => new BaseSerializer()),
    queryset,
    model,
    ...viewsetOptions,
  });
}
