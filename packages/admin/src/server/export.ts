/**
 * `GET models/{model}/export`: exactly the rows the list shows for the same query (filters,
 * search, ordering), as CSV or JSON Lines, streamed in keyset batches so memory stays bounded
 * whatever the row count, and counted against the user's export throttle.
 */
import {
  type ApiRequest,
  type ApiResponse,
  contextOf,
  type FieldDef,
  type FilterValue,
  MethodNotAllowed,
  type QuerySet,
  type RequestContext,
  ValidationError,
} from "@viewsets/core";
import { afterPosition, orderingOf, queryParamsOf, querySetOf } from "@viewsets/core/internals";
import { checkThrottles, type Throttle, type ThrottleStore, userRateThrottle } from "@viewsets/core/throttling";
import { cellsOf, csvLine, type ExportColumn } from "./export-cells.js";
import { filterAdminQuerySet } from "./grammar.js";
import { type ListColumns, pathLabel } from "./columns.js";
import { humanize, type AdminModel } from "./models.js";
import type { AdminViewSet } from "./rows.js";

/** Rows read per query: a batch's rows and cells are all that is held at once. */
export const EXPORT_BATCH = 500;
const FORMATS = { csv: "text/csv; charset=utf-8", jsonl: "application/jsonl; charset=utf-8" } as const;
type Format = keyof typeof FORMATS;
/** Parameters of the export that are not the list's filters. */
const EXPORT_PARAMS = ["format", "columns", "page", "page_size", "cursor", "view"];

/** `exportThrottles`' default: 60 exports an hour per user, counted in the admin's throttle store. */
export function defaultExportThrottles(store: ThrottleStore | undefined): Throttle[] {
  return [userRateThrottle("60/hour", { scope: "admin-export", ...(store ? { store } : {}) })];
}

export interface ExportOptions {
  readonly now: () => Date;
  readonly targetOf: (field: FieldDef) => AdminViewSet<object> | undefined;
  /** Counted once per export, for the signed-in user. */
  readonly throttles: readonly Throttle[];
  readonly userId: string;
  readonly user: unknown;
  readonly ip: string;
}

function formatOf(params: ReadonlyMap<string, readonly string[]>): Format {
  const format = params.get("format")?.[0] ?? "csv";
  if (format !== "csv" && format !== "jsonl") throw new ValidationError({ format: ['Choose "csv" or "jsonl".'] });
  return format;
}

/**
 * `?columns=id,name`: the list's visible columns (default: its listDisplay), each a serializable
 * field or one of listDisplay's columns (a path through relations, a computed column).
 */
function columnsOf(entry: AdminModel, params: ReadonlyMap<string, readonly string[]>, options: ExportOptions) {
  const { viewset } = entry;
  const { columns } = viewset;
  const fields = viewset.config.model.fields as Record<string, FieldDef>;
  const asked = params.get("columns")?.[0];
  const names = asked === undefined ? columns.names : asked.split(",").filter((name) => name !== "");
  const known = (name: string) =>
    Object.hasOwn(fields, name) ? fields[name]!.serializable !== false : columns.names.includes(name);
  const unknown = names.filter((name) => !known(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new ValidationError({
      columns: [`Not a column of this model: ${unknown.join(", ").slice(0, 200) || "none"}.`],
    });
  }
  return names.map((name): ExportColumn => {
    const computed = columns.computed.get(name);
    if (computed) return { name, label: columns.computedLabel(computed), field: undefined, target: undefined };
    const field = viewset.listField(name)!;
    const label = Object.hasOwn(fields, name) ? humanize(name, field.type === "foreignKey") : pathLabel(name);
    return { name, label, field, target: options.targetOf(field) };
  });
}

/** The list's rows in its order, a batch at a time: after the last row's position (keyset), or by offset for an order through a relation. */
async function* batches(
  queryset: QuerySet<object>,
  ordering: readonly string[],
  fields: Readonly<Record<string, FieldDef>>,
  ctx: RequestContext,
): AsyncGenerator<Record<string, unknown>[]> {
  const keyset = ordering.every((term) => !term.includes("."));
  const ordered = queryset.orderBy(...ordering);
  let last: Record<string, unknown> | undefined;
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    let page = ordered;
    if (keyset && last) {
      const values = ordering.map((term) => (last![term.replace(/^-/, "")] ?? null) as FilterValue | null);
      page = queryset.filter(afterPosition(ordering, values, fields)).orderBy(...ordering);
    } else if (!keyset) page = ordered.offset(offset);
    const rows = (await page.limit(EXPORT_BATCH).all(ctx)) as Record<string, unknown>[];
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    last = rows.at(-1);
  }
}

async function* lines(
  format: Format,
  columns: readonly ExportColumn[],
  rows: AsyncGenerator<Record<string, unknown>[]>,
  ctx: RequestContext,
  listColumns: ListColumns,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  if (format === "csv" && columns.length > 0) {
    yield encoder.encode(
      csvLine(
        null,
        columns.map((column) => column.label),
      ),
    );
  }
  for await (const read of rows) {
    // The related and computed columns' values beside each row's fields, a batch at a time.
    const extra = listColumns.extra ? await listColumns.valuesOf(ctx, read) : undefined;
    const batch = extra ? read.map((row, index) => ({ ...row, ...extra[index] })) : read;
    const cells = await cellsOf(columns, batch, ctx);
    const text =
      format === "csv"
        ? cells.map((row) => csvLine(columns, row)).join("")
        : cells
            .map((row) => `${JSON.stringify(Object.fromEntries(columns.map((c, i) => [c.name, row[i]])))}\n`)
            .join("");
    yield encoder.encode(text);
  }
}

/** The export's answer: its head at once (after the query's own 400s and the throttle), its rows as they are read. */
export async function serveExport(
  entry: AdminModel,
  request: ApiRequest,
  options: ExportOptions,
): Promise<ApiResponse> {
  if (request.method !== "GET") throw new MethodNotAllowed(request.method, ["GET"]);
  const params = new Map(queryParamsOf(request));
  const format = formatOf(params);
  const columns = columnsOf(entry, params, options);
  for (const key of EXPORT_PARAMS) params.delete(key);
  const { viewset } = entry;
  const ctx = contextOf(request);
  // The query's mistakes are 400s before anything is counted or sent.
  const queryset = filterAdminQuerySet(
    querySetOf(viewset.getQueryset(request)),
    params,
    viewset.grammar,
    options.now(),
  );
  const ordering = orderingOf(viewset.columns.orderingParams(params), viewset.grammar);
  const headers = await checkThrottles(options.throttles, {
    request,
    ip: options.ip,
    user: options.user,
    userId: options.userId,
  });
  const day = options.now().toISOString().slice(0, 10);
  const fields = viewset.config.model.fields as Readonly<Record<string, FieldDef>>;
  return {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": FORMATS[format],
      "Content-Disposition": `attachment; filename="${entry.name}-${day}.${format}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
    body: null,
    stream: lines(format, columns, batches(queryset, ordering, fields, ctx), ctx, viewset.columns),
  };
}
