/** Fields through foreign keys (`categoryId.name`) as SQL: `IN (subquery)` for filters, a correlated value for order. */
import { type Column, getTableName, type SQL, sql, type Table } from "drizzle-orm";
import { columnsOf, foreignKeysOf } from "../model/columns.js";

/** One foreign key followed: the column holding it, and the table and column it points at. */
export interface RelationStep {
  readonly column: Column;
  readonly table: Table;
  readonly tableName: string;
  readonly columns: Readonly<Record<string, Column>>;
  readonly referenced: Column;
}

/** The separator of a related field's steps, as the core hands them over (`MANAGER_PATH_SEPARATOR`). */
export const STEP_SEPARATOR = ".";

export class UnknownRelationError extends TypeError {
  constructor(tableName: string, source: string) {
    super(`@viewsets/drizzle: table ${tableName} has no single-column foreign key "${source}"`);
    this.name = "UnknownRelationError";
  }
}

const stepsByTable = new WeakMap<Table, Map<string, RelationStep>>();

/** The foreign key `source` of `table` (its property key), read from the table's own declaration once. */
export function relationStep(table: Table, source: string): RelationStep {
  let steps = stepsByTable.get(table);
  if (!steps) {
    steps = new Map();
    for (const [key, foreignKey] of foreignKeysOf(table)) {
      steps.set(key, {
        column: columnsOf(table)[key]!,
        table: foreignKey.target,
        tableName: foreignKey.table,
        columns: columnsOf(foreignKey.target),
        referenced: foreignKey.column,
      });
    }
    stepsByTable.set(table, steps);
  }
  const step = steps.get(source);
  if (!step) throw new UnknownRelationError(getTableName(table), source);
  return step;
}

/** `categoryId.name` split into the foreign key followed first and the rest (`name`); null for a plain field. */
export function splitRelated(field: string): { source: string; rest: string } | null {
  const at = field.indexOf(STEP_SEPARATOR);
  return at <= 0 ? null : { source: field.slice(0, at), rest: field.slice(at + 1) };
}

/**
 * `fk IN (SELECT referenced FROM target WHERE condition)`: uncorrelated, so the database reads
 * the target's matching keys once (an index on the target's column serves the inner WHERE, the
 * foreign key's index the outer IN), and a table related to itself needs no alias.
 */
export function inRelated(step: RelationStep, inner: SQL): SQL {
  return sql`${step.column} in (select ${step.referenced} from ${step.table} where ${inner})`;
}

/** How a column is named where a query reads it: as drizzle qualifies it, or through an alias. */
type ColumnName = (column: Column) => SQL;
const QUALIFIED: ColumnName = (column) => sql`${column}`;

/**
 * The value a related field has for each row of `table`, as SQL: the column itself for a plain
 * field, else a correlated subquery per foreign key followed (`(SELECT r1.name FROM categories r1
 * WHERE r1.id = products.category_id)`), each table under an alias of its own so that a table
 * related to itself stays apart. Null where a key is null or points at no row. `column` is the
 * column the value is read as.
 */
export function relatedValue(
  table: Table,
  columns: Readonly<Record<string, Column>>,
  field: string,
  name: ColumnName = QUALIFIED,
  depth = 1,
): { value: SQL; column: Column } | undefined {
  const split = splitRelated(field);
  if (!split) {
    const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
    return column && { value: name(column), column };
  }
  const step = relationStep(table, split.source);
  const alias = sql.identifier(`vs_rel${depth}`);
  const aliased: ColumnName = (column) => sql`${alias}.${sql.identifier(column.name)}`;
  const inner = relatedValue(step.table, step.columns, split.rest, aliased, depth + 1);
  if (!inner) return undefined;
  const value = sql`(select ${inner.value} from ${step.table} as ${alias} where ${aliased(step.referenced)} = ${name(step.column)})`;
  return { value, column: inner.column };
}

/** An ORDER BY term on a related value: nulls as the smallest value, as plain columns sort on both databases. */
export function relatedOrderTerm(value: SQL, descending: boolean): SQL {
  return descending ? sql`${value} desc nulls last` : sql`${value} asc nulls first`;
}
