/** A manager over a Map with no list pipeline, so the core filters, orders and pages in memory. */
import type { RequestContext } from "../http/request.js";
import { settledWith } from "../http/thenable.js";
import type { Manager } from "../query/manager.js";

/**
 * A hand-written manager over a Map: no list pipeline, so the core filters, orders and pages
 * `all()` in memory. `get` hands out a copy, as a database would: changing it changes nothing
 * until `update`. Every call is counted, so tests can prove what was (not) called.
 */
export class MemoryManager<Row extends { id: number | bigint }> implements Manager<Row> {
  readonly rows = new Map<string, Row>();
  readonly calls: string[] = [];
  private nextId = 1;

  constructor(rows: readonly Row[] = []) {
    for (const row of rows) this.rows.set(String(row.id), { ...row });
    this.nextId = rows.reduce((max, row) => (typeof row.id === "number" && row.id >= max ? row.id + 1 : max), 1);
  }

  async count(_ctx: RequestContext): Promise<number> {
    this.calls.push("count");
    return this.rows.size;
  }

  async all(_ctx: RequestContext): Promise<Row[]> {
    this.calls.push("all");
    return [...this.rows.values()].map((row) => ({ ...row }));
  }

  async get(_ctx: RequestContext, id: number | bigint): Promise<Row | null> {
    return this.find(id);
  }

  /** `get`'s row, counted: a copy, or null. */
  protected find(id: number | bigint): Row | null {
    this.calls.push("get");
    const row = this.rows.get(String(id));
    return row ? { ...row } : null;
  }

  async create(_ctx: RequestContext, obj: Record<string, unknown>): Promise<Row> {
    this.calls.push("create");
    const row = { ...obj, id: this.nextId++ } as unknown as Row;
    this.rows.set(String(row.id), row);
    return { ...row };
  }

  async update(_ctx: RequestContext, obj: Row): Promise<Row> {
    this.calls.push("update");
    this.rows.set(String(obj.id), { ...obj });
    return { ...obj };
  }

  async delete(_ctx: RequestContext, obj: Row): Promise<void> {
    this.calls.push("delete");
    this.rows.delete(String(obj.id));
  }
}

/**
 * A `MemoryManager` whose `get` answers with a promise that says it is settled (`settledWith`),
 * as the drizzle manager's does on SQLite: the viewset's retrieve then answers at once.
 */
export class SettledMemoryManager<Row extends { id: number | bigint }> extends MemoryManager<Row> {
  /** Thrown by `get`, synchronously, when set. */
  failure: Error | undefined;

  override get(_ctx: RequestContext, id: number | bigint): Promise<Row | null> {
    // The call is counted even when it fails.
    const row = this.find(id);
    if (this.failure) throw this.failure;
    return settledWith(row);
  }
}
