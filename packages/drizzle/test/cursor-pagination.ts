// The core's cursor pagination. Imported from its source file until @viewsets/core's index
// exports `cursorPagination` (asked of the core's owner).
export { cursorPagination } from "../../core/src/query/cursor-pagination.js";
