/**
 * The list's columns as `listDisplay` names them (Django's `list_display`): the model's fields,
 * paths through `relations` (`category__name`, the related row's value) and computed columns
 * (Django's `@admin.display`). The rows answer and the export read their values from here.
 */
import {
  type ApiRequest,
  type FieldDef,
  type FilterValue,
  type PipelineManager,
  type ReadManager,
  type RequestContext,
  ValidationError,
} from "@viewsets/core";
import { isSerializable, type QueryParams, querySetOf, representedField } from "@viewsets/core/internals";
import type { ComputedColumn, ModelConfig } from "./config.js";
import { humanize } from "./humanize.js";

/** What a path's step reads its rows from: a registered model's viewset (its manager, for this request). */
export interface ColumnTarget {
  readonly config: { readonly model: { readonly primaryKey: string } };
  getQueryset(request: ApiRequest): ReadManager<object> & PipelineManager<object>;
}

/** The registered model a foreign key points at (the admin's own lookup). */
export type TargetOf = (field: FieldDef) => ColumnTarget | undefined;

/** One foreign key a path follows: its field, read from the rows of the step before. */
interface Hop {
  readonly source: string;
  readonly field: FieldDef;
}

/** A path through relations as a column: the keys it follows, and the field of the last row it shows. */
interface RelatedColumn {
  readonly name: string;
  readonly hops: readonly Hop[];
  readonly last: string;
}

interface RelationLike {
  readonly source: string;
  readonly target: {
    readonly model: { readonly fields: Readonly<Record<string, FieldDef>> };
    readonly relations?: unknown;
  };
}

/** The foreign keys a path (`product__category__name`) follows, in order; undefined when a step names no relation. */
export function hopsOf(
  model: { readonly fields: Readonly<Record<string, FieldDef>> },
  relations: unknown,
  path: string,
): Hop[] | undefined {
  const steps = path.split("__");
  const hops: Hop[] = [];
  let current = { model, relations };
  for (const step of steps.slice(0, -1)) {
    const table = current.relations as Readonly<Record<string, RelationLike>> | undefined;
    const relation = table && Object.hasOwn(table, step) ? table[step] : undefined;
    const field = relation ? current.model.fields[relation.source] : undefined;
    if (!relation || !field) return undefined;
    hops.push({ source: relation.source, field });
    current = { model: relation.target.model, relations: relation.target.relations };
  }
  return hops;
}

/** A `listDisplay` entry's column name: the field or path itself, or a computed column's `name`. */
export function columnNameOf(entry: unknown): string {
  return typeof entry === "string" ? entry : String((entry as { name?: unknown } | null)?.name);
}

/** The heading of a path's column: "category__name" → "Category name". */
export function pathLabel(path: string): string {
  return humanize(path.replaceAll("__", " "));
}

/** The columns of one registered model, resolved once at registration. */
export class ListColumns {
  /** Every column's name, in `listDisplay`'s order (default: each serializable field but JSON ones). */
  readonly names: readonly string[];
  /** The paths through relations among them. */
  readonly paths: readonly string[];
  readonly computed: ReadonlyMap<string, ComputedColumn<object>>;
  private readonly related: readonly RelatedColumn[];

  constructor(
    private readonly config: ModelConfig<object>,
    private readonly targetOf: TargetOf,
  ) {
    const fields = config.model.fields as Readonly<Record<string, FieldDef>>;
    const entries: readonly unknown[] =
      config.listDisplay ??
      Object.entries(fields)
        .filter(([, field]) => isSerializable(field) && field.type !== "json")
        .map(([name]) => name);
    this.names = entries.map(columnNameOf);
    this.paths = entries.filter(
      (entry): entry is string => typeof entry === "string" && !Object.hasOwn(fields, entry) && entry.includes("__"),
    );
    this.computed = new Map(
      entries
        .filter((entry): entry is ComputedColumn<object> => typeof entry === "object" && entry !== null)
        .map((column) => [column.name, column]),
    );
    this.related = this.paths.flatMap((name) => {
      const hops = hopsOf(config.model, config.relations, name);
      return hops ? [{ name, hops, last: name.split("__").at(-1)! }] : [];
    });
  }

  /** Whether the rows carry values besides the model's fields. */
  get extra(): boolean {
    return this.related.length > 0 || this.computed.size > 0;
  }

  /** The heading of a computed column. */
  computedLabel(column: ComputedColumn<object>): string {
    return column.label ?? humanize(column.name);
  }

  /**
   * `?ordering=` with each computed column replaced by the order it names (`-margin` → `-price`):
   * Django's `ordering=` of `@admin.display`. Ordering by one that names none is a 400.
   */
  orderingParams(params: QueryParams): QueryParams {
    const raw = params.get("ordering");
    if (raw === undefined || raw.length === 0 || this.computed.size === 0) return params;
    let changed = false;
    const terms = raw
      .join(",")
      .split(",")
      .map((term) => {
        const trimmed = term.trim();
        const descending = trimmed.startsWith("-");
        const column = this.computed.get(descending ? trimmed.slice(1) : trimmed);
        if (!column) return trimmed;
        if (column.ordering === undefined) {
          throw new ValidationError({
            ordering: [`"${column.name}" is computed from each row and cannot be sorted by.`],
          });
        }
        changed = true;
        const by: string = column.ordering;
        if (!descending) return by;
        return by.startsWith("-") ? by.slice(1) : `-${by}`;
      });
    return changed ? new Map([...params, ["ordering", [terms.join(",")]]]) : params;
  }

  /**
   * The values of the related and computed columns of `rows`, one object per row: related rows
   * are read a step at a time, one query per foreign key followed (never one per row), through
   * the registered target's manager; a row without a related row shows null.
   */
  async valuesOf(ctx: RequestContext, rows: readonly object[]): Promise<Record<string, unknown>[]> {
    const values = rows.map((): Record<string, unknown> => ({}));
    if (rows.length === 0) return values;
    const loaded = new Map<string, Map<string, Record<string, unknown>>>();
    for (const column of this.related) {
      let current: (Record<string, unknown> | undefined)[] = rows as Record<string, unknown>[];
      let prefix = "";
      for (const hop of column.hops) {
        prefix += `.${hop.source}`;
        let targets = loaded.get(prefix);
        if (!targets) {
          targets = await this.load(ctx, hop, current);
          loaded.set(prefix, targets);
        }
        const found = targets;
        current = current.map((row) => {
          const key = row?.[hop.source];
          return key === null || key === undefined ? undefined : found.get(String(key));
        });
      }
      current.forEach((row, index) => {
        values[index]![column.name] = row === undefined ? null : (row[column.last] ?? null);
      });
    }
    for (const [name, column] of this.computed) {
      rows.forEach((row, index) => {
        values[index]![name] = column.value(row);
      });
    }
    return values;
  }

  /** The rows of one step's target that `rows` point at through `hop`, by the text of their key: one query. */
  private async load(
    ctx: RequestContext,
    hop: Hop,
    rows: readonly (Record<string, unknown> | undefined)[],
  ): Promise<Map<string, Record<string, unknown>>> {
    const found = new Map<string, Record<string, unknown>>();
    const target = this.targetOf(hop.field);
    const keys = new Map<string, FilterValue>();
    for (const row of rows) {
      const key = row?.[hop.source];
      if (key !== null && key !== undefined) keys.set(String(key), key as FilterValue);
    }
    if (!target || keys.size === 0) return found;
    const { primaryKey } = target.config.model;
    const targets = await querySetOf(target.getQueryset(ctx.request))
      .filter({ kind: "condition", field: primaryKey, lookup: "in", value: [...keys.values()] })
      .limit(keys.size)
      .all(ctx);
    for (const row of targets as Record<string, unknown>[]) found.set(String(row[primaryKey]), row);
    return found;
  }

  /** The values as the rows answer shows them: a related field as the API shows that field (dates as ISO 8601). */
  represent(values: Record<string, unknown>[], fieldOf: (name: string) => FieldDef | undefined): void {
    for (const row of values) {
      for (const name of this.paths) {
        const field = fieldOf(name);
        if (field && Object.hasOwn(row, name)) row[name] = representedField(field, row[name] ?? null);
      }
    }
  }
}
