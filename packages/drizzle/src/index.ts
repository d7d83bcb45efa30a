export { tableModel, tableFields } from "./table-model.js";
export type { TableModelOptions } from "./table-model.js";
export { createManager, DrizzleManager, DrizzleQuerySet } from "./manager.js";
export type { ManagerOptions, PostgresDatabase, SQLiteDatabase } from "./manager.js";
export { mapDatabaseError } from "./errors.js";
export type { ErrorContext } from "./errors.js";
export { UnknownFieldError } from "./expressions.js";
export { modelViewSet } from "./model-viewset.js";
export type { ModelViewSetOptions } from "./model-viewset.js";
