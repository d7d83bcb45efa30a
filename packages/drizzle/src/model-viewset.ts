import type { Table } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { BaseSerializer, BaseViewSet, type SerializerFactory, type ViewSetCommonOptions } from "@viewsets/core";
import { DrizzleManager } from "./manager.js";
import type { PostgresDatabase, SQLiteDatabase } from "./runner.js";
import type { ManagerOptions } from "./table-access.js";
import { tableModel, type TableModelOptions } from "./table-model.js";

type Row<T extends Table> = T["$inferSelect"];

/** The viewset's options, without the model and queryset that `modelViewSet` builds. */
export type ModelViewSetOptions<T extends Table> = Omit<ViewSetCommonOptions<Row<T>>, "model" | "serializer"> & {
  /** `BaseSerializer` when left out. */
  serializer?: SerializerFactory;
  /** Serve only list and retrieve. */
  readOnly?: boolean;
  /** Options of the table's model: `hidden` and `readOnly` fields, `choices`, `clean`, `name`. */
  model?: TableModelOptions<Row<T>>;
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
export function modelViewSet<T extends SQLiteTable>(
  db: SQLiteDatabase,
  table: T extends PgTable ? never : T,
  options?: ModelViewSetOptions<T>,
): BaseViewSet<Row<T>>;
export function modelViewSet<T extends PgTable>(
  db: PostgresDatabase,
  table: T,
  options?: ModelViewSetOptions<T>,
): BaseViewSet<Row<T>>;
export function modelViewSet<T extends Table>(
  db: SQLiteDatabase | PostgresDatabase,
  table: T,
  options: ModelViewSetOptions<T> = {},
): BaseViewSet<Row<T>> {
  const { model: modelOptions, scope, searchIndex, lockWaitMs, serializer, ...viewsetOptions } = options;
  const model = tableModel(table, modelOptions);
  const queryset = new DrizzleManager(db, table, {
    ...(scope && { scope }),
    ...(searchIndex && { searchIndex }),
    ...(lockWaitMs !== undefined && { lockWaitMs }),
  });
  return new BaseViewSet<Row<T>>({
    serializer: serializer ?? (() => new BaseSerializer()),
    queryset,
    model,
    ...viewsetOptions,
  });
}
