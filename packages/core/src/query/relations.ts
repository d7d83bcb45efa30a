/** Relations a list may follow (django-filter's `category__name`): foreign keys to other models, typed and resolved. */
import type { ModelShape } from "../models/define-model.js";
import type { FieldDef } from "../models/fields.js";
import type { Expression } from "./filter-expression.js";

/** What a relation points at: the target's model, and the relations it follows in turn (a viewset's `options` is one). */
export interface RelationTarget<Target extends object = object, Rel = unknown> {
  readonly model: ModelShape & { readonly __row?: Target };
  readonly relations?: Rel | undefined;
}

/**
 * One relation of a model: the foreign-key field it follows (`source`) and the model that key
 * points at. `relations: { category: { source: "categoryId", target: categoryViewSet.options } }`
 * lets `filterFields`, `searchFields` and `orderingFields` name `category__name`.
 */
export interface Relation<Source extends string = string, Target extends object = object, Rel = unknown> {
  readonly source: Source;
  readonly target: RelationTarget<Target, Rel>;
}

/** The relations of a model by name. */
export type Relations = Readonly<Record<string, Relation<string, object, unknown>>>;
/** No relations: a path names a field of the row itself. */
export type NoRelations = Record<never, never>;

/** Hops a path may take: `product__category__name` is two, and a path of three is the most. */
type Fewer = [never, 0, 1, 2];

/**
 * A field of the row, or a path through its relations to a field of a related row
 * (`category__name`, `product__category__name`): a path no relation declares fails to compile.
 */
export type FieldPath<Row, Rel = NoRelations, Depth extends number = 3> =
  | (keyof Row & string)
  | ([Depth] extends [0] ? never : RelatedPathOf<Rel, Depth>);

// The declared names only: an options type's index signature (`RelationsOf<Row>`) names no relation.
type DeclaredNames<Rel> = keyof { [K in keyof Rel as string extends K ? never : K]: 0 } & string;

type RelatedPathOf<Rel, Depth extends number> = {
  [K in DeclaredNames<Rel>]: Rel[K] extends { readonly target: RelationTarget<infer Target, infer Next> }
    ? `${K}__${FieldPath<Target, Next, Fewer[Depth]>}`
    : never;
}[DeclaredNames<Rel>];

/** An ordering term: a field or path, with a leading minus for descending. */
export type PathOrderingTerm<Row, Rel = NoRelations> = FieldPath<Row, Rel> | `-${FieldPath<Row, Rel>}`;

/** The separator of a path's steps in query parameters and options, as Django's. */
export const PATH_SEPARATOR = "__";
/** The separator of a manager's related field: `categoryId.name` (foreign-key fields, then the target's field). */
export const MANAGER_PATH_SEPARATOR = ".";
/** The most relations one path may follow. */
export const MAX_HOPS = 3;

/** A path through relations resolved: the field it ends on, and the name a manager reads it by. */
export interface ResolvedPath {
  readonly field: FieldDef;
  /** The foreign-key fields it follows, then the target's field: `categoryId.name`. */
  readonly managerField: string;
}

function isRelation(value: unknown): value is Relation {
  if (typeof value !== "object" || value === null) return false;
  const { source, target } = value as Partial<Relation>;
  return typeof source === "string" && typeof target === "object" && target !== null && "model" in target;
}

/**
 * The field a path through relations ends on (`category__name` → the category's `name`), or a
 * sentence saying why there is none. A name without a separator is not a path: null.
 */
export function resolvePath(
  model: ModelShape,
  relations: unknown,
  path: string,
): ResolvedPath | { readonly problem: string } | null {
  if (!path.includes(PATH_SEPARATOR) || Object.hasOwn(model.fields, path)) return null;
  const steps = path.split(PATH_SEPARATOR);
  // `__proto__` or `a____b` is no path: every step names something.
  if (steps.some((step) => step === "")) return null;
  if (steps.length - 1 > MAX_HOPS) return { problem: `follows more than ${MAX_HOPS} relations` };
  let current: { model: ModelShape; relations: unknown } = { model, relations };
  const sources: string[] = [];
  // Through a nullable foreign key a row may have no related row: the path's value is then null.
  let optional = false;
  for (const step of steps.slice(0, -1)) {
    const table = current.relations as Readonly<Record<string, unknown>> | undefined;
    const relation = table && Object.hasOwn(table, step) ? table[step] : undefined;
    if (!isRelation(relation)) return { problem: `"${step}" is no relation of ${current.model.name}` };
    const source = current.model.fields[relation.source];
    if (source?.type !== "foreignKey") {
      return { problem: `relation "${step}" of ${current.model.name} follows "${relation.source}", no foreign key` };
    }
    sources.push(relation.source);
    if (source.nullable === true) optional = true;
    current = { model: relation.target.model, relations: relation.target.relations };
  }
  const last = steps[steps.length - 1]!;
  const field = Object.hasOwn(current.model.fields, last) ? current.model.fields[last] : undefined;
  if (!field) return { problem: `${current.model.name} has no field "${last}"` };
  if (field.serializable === false) return { problem: `${current.model.name}.${last} is never shown` };
  return {
    field: optional && field.nullable !== true ? { ...field, nullable: true } : field,
    managerField: [...sources, last].join(MANAGER_PATH_SEPARATOR),
  };
}

/** Whether a resolution found a field. */
export function isResolved(resolved: ResolvedPath | { readonly problem: string } | null): resolved is ResolvedPath {
  return resolved !== null && "managerField" in resolved;
}

/** An expression of the list grammar as its manager reads it: each path through relations by its manager field. */
export function managerExpression(
  expression: Expression,
  paths: ReadonlyMap<string, ResolvedPath> | undefined,
): Expression {
  if (paths === undefined || paths.size === 0) return expression;
  if (expression.kind !== "condition") {
    return { kind: expression.kind, children: expression.children.map((child) => managerExpression(child, paths)) };
  }
  const path = paths.get(expression.field);
  return path ? { ...expression, field: path.managerField } : expression;
}

/** Ordering terms as the manager reads them: `-category__name` as `-categoryId.name`. */
export function managerOrdering(terms: string[], paths: ReadonlyMap<string, ResolvedPath> | undefined): string[] {
  if (paths === undefined || paths.size === 0) return terms;
  return terms.map((term) => {
    const descending = term.startsWith("-");
    const path = paths.get(descending ? term.slice(1) : term);
    return path ? `${descending ? "-" : ""}${path.managerField}` : term;
  });
}

/** The fields paths end on, under the paths' names: what the list grammar coerces their values by. */
export function fieldsOfPaths(paths: ReadonlyMap<string, ResolvedPath>): Record<string, FieldDef> {
  const fields: Record<string, FieldDef> = {};
  for (const [path, resolved] of paths) fields[path] = resolved.field;
  return fields;
}
