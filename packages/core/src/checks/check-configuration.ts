/** The startup check of a viewset's configuration: every problem at once, in one message. */
import { ConfigurationError } from "../http/errors.js";
import type { ModelShape } from "../models/define-model.js";
import { isResolved, resolvePath } from "../query/relations.js";
import { serializerFieldProblems } from "../serializers/declared-checks.js";
import { actionsNeeding, type StandardRoute } from "../http/standard-routes.js";

/**
 * The startup check of a viewset: every problem at once, in one message naming the
 * resource, type names and operations, never a configured value (a queryset may hold a
 * connection string).
 */

interface Operation {
  readonly name: string;
  readonly signature: string;
  readonly arity: number;
  /** The routes that call it, from the standard route table; pipeline operations say "list". */
  readonly neededBy: (readOnly: boolean) => string;
}

type ManagerMethod = StandardRoute["needs"][number];
const SIGNATURES: Readonly<Record<ManagerMethod, string>> = {
  count: "count(ctx)",
  all: "all(ctx)",
  get: "get(ctx, id)",
  create: "create(ctx, obj)",
  update: "update(ctx, obj)",
  delete: "delete(ctx, obj)",
};

function managerOperation(name: ManagerMethod): Operation {
  return {
    name,
    signature: SIGNATURES[name],
    arity: name === "count" || name === "all" ? 1 : 2,
    neededBy: (readOnly) => actionsNeeding(name, readOnly),
  };
}

/** The manager methods a route of a read-only viewset needs, and the ones only writes need. */
const READ_OPERATIONS: readonly Operation[] = (["count", "all", "get"] as const).map(managerOperation);
const WRITE_OPERATIONS: readonly Operation[] = (["create", "update", "delete"] as const).map(managerOperation);
const list = () => "list";
const PIPELINE_OPERATIONS: readonly Operation[] = [
  { name: "filter", signature: "filter(expr)", arity: 1, neededBy: list },
  { name: "orderBy", signature: "orderBy(...fields)", arity: 1, neededBy: list },
  { name: "offset", signature: "offset(n)", arity: 1, neededBy: list },
  { name: "limit", signature: "limit(n)", arity: 1, neededBy: list },
];

const ATOMIC: Operation = { name: "atomic", signature: "atomic(ctx, run)", arity: 2, neededBy: () => "atomic" };

/** A type name for messages: the class name, never the value. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "function") return value.name || "function";
  if (typeof value !== "object") return typeof value;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === "string" && name !== "" && name !== "Object" ? name : "object";
}

function isObjectLike(value: unknown): value is Record<string, unknown> {
  return (typeof value === "object" && value !== null) || typeof value === "function";
}

/** Problems with the operations of one value: missing ones, and present ones of the wrong shape. */
function operationProblems(
  target: Record<string, unknown>,
  operations: readonly Operation[],
  required: boolean,
  readOnly = false,
): string[] {
  const problems: string[] = [];
  for (const op of operations) {
    const member = target[op.name];
    if (member === undefined) {
      if (required) problems.push(`missing ${op.signature}, needed by ${op.neededBy(readOnly)}`);
    } else if (typeof member !== "function") {
      problems.push(`${op.name} is not a function, expected ${op.signature}`);
    } else if (member.length > op.arity) {
      problems.push(`${op.name} takes ${member.length} parameters, expected ${op.signature}`);
    }
  }
  return problems;
}

function pipelineProblems(queryset: Record<string, unknown>): string[] {
  const problems = operationProblems(queryset, PIPELINE_OPERATIONS, false);
  const paginates = typeof queryset.offset === "function" && typeof queryset.limit === "function";
  if (paginates || queryset.querySet === undefined) return problems;
  if (typeof queryset.querySet !== "function") return [...problems, "querySet is not a function, expected querySet()"];
  let qs: unknown;
  try {
    qs = (queryset.querySet as () => unknown).call(queryset);
  } catch {
    return [...problems, "querySet() throws"];
  }
  if (!isObjectLike(qs)) return [...problems, "querySet() returns no query set"];
  const inner = operationProblems(qs, [...READ_OPERATIONS.slice(0, 2), ...PIPELINE_OPERATIONS], true);
  return [...problems, ...inner.map((problem) => `querySet() ${typeName(qs)}: ${problem}`)];
}

function serializerProblems(factory: unknown): string[] {
  if (factory === undefined || factory === null) return ["serializer factory is missing"];
  if (typeof factory !== "function") return [`serializer factory is a ${typeName(factory)}, expected a function`];
  try {
    const serializer = (factory as () => unknown)();
    if (!isObjectLike(serializer)) return ["serializer factory returns no serializer"];
  } catch {
    return ["serializer factory throws"];
  }
  return [];
}

function modelProblems(model: unknown): string[] {
  if (model === undefined || model === null) return ["model is missing"];
  if (!isObjectLike(model) || !isObjectLike(model.fields) || typeof model.primaryKey !== "string") {
    return [`model is a ${typeName(model)}, expected a model from defineModel or tableModel`];
  }
  return [];
}

/** Lists that may name a path through the viewset's relations (`category__name`). */
const PATH_LISTS: ReadonlySet<string> = new Set(["filterFields", "orderingFields", "searchFields", "ordering"]);

/**
 * Why a list's item names nothing: a path through relations that does not resolve is named with
 * the step that fails (an app's own field and relation names, never a value). A path a paginator
 * that pages by row values (cursors) cannot order by is one too.
 */
function pathProblem(key: string, name: unknown, options: Record<string, unknown>): string {
  if (typeof name !== "string" || !PATH_LISTS.has(key)) return `${key} names a field the model lacks`;
  const resolved = resolvePath(options.model as ModelShape, options.relations, name);
  const shown = JSON.stringify(name.slice(0, 100));
  if (resolved === null) return `${key} names ${shown}, a field the model lacks`;
  if (!isResolved(resolved)) return `${key} names ${shown}: ${resolved.problem}`;
  const queryset = options.queryset as Record<string, unknown> | undefined;
  if (typeof queryset?.filter !== "function" && typeof queryset?.querySet !== "function") {
    // The in-memory list reads the rows' own values, which hold no related row's.
    return `${key} names ${shown}, a path through relations, but the queryset has no filter() to run it`;
  }
  const pagination = options.pagination as { readonly positional?: boolean } | undefined;
  if ((key === "orderingFields" || key === "ordering") && pagination?.positional === true) {
    return `${key} names ${shown}, a path through relations that cursor pagination cannot page by`;
  }
  return "";
}

function fieldListProblems(options: Record<string, unknown>, fields: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of [
    "excludeResponseFields",
    "readOnlyRequestFields",
    "filterFields",
    "orderingFields",
    "searchFields",
    "ordering",
  ]) {
    const list = options[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(`${key} is not a list`);
      continue;
    }
    for (const item of list) {
      const name = typeof item === "string" && key === "ordering" ? item.replace(/^-/, "") : item;
      if (typeof name === "string" && Object.hasOwn(fields, name)) continue;
      problems.push(pathProblem(key, name, options));
    }
  }
  for (const key of ["pageSize", "maxPageSize", "bodyLimit"]) {
    const value = options[key];
    if (value !== undefined && !(typeof value === "number" && Number.isSafeInteger(value) && value > 0)) {
      problems.push(`${key} is not a positive integer`);
    }
  }
  return problems;
}

/** `atomic` and bulk create need the queryset's `atomic(ctx, run)`; a batch needs a sane maximum. */
function transactionProblems(options: Record<string, unknown>, queryset: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const bulk = options.bulkCreate;
  const users = [options.atomic === true ? "atomic" : "", bulk !== undefined && bulk !== false ? "bulk create" : ""];
  const neededBy = users.filter(Boolean).join(" and ");
  if (neededBy !== "" && options.readOnly !== true) {
    problems.push(...operationProblems(queryset, [{ ...ATOMIC, neededBy: () => neededBy }], true));
  }
  const maxItems = isObjectLike(bulk) ? bulk.maxItems : undefined;
  if (maxItems !== undefined && !(typeof maxItems === "number" && Number.isSafeInteger(maxItems) && maxItems > 0)) {
    problems.push("bulkCreate.maxItems is not a positive integer");
  }
  return problems;
}

function queryGroupProblems(options: Record<string, unknown>): string[] {
  const queryset = options.queryset;
  if (queryset === undefined || queryset === null) return ["queryset is missing"];
  if (!isObjectLike(queryset)) return [`queryset is a ${typeName(queryset)}, expected a manager`];
  const readOnly = options.readOnly === true;
  const writeProblems = readOnly ? [] : operationProblems(queryset, WRITE_OPERATIONS, true);
  const problems = [
    ...operationProblems(queryset, READ_OPERATIONS, true, readOnly),
    ...writeProblems,
    ...pipelineProblems(queryset),
  ];
  problems.push(...transactionProblems(options, queryset));
  if (problems.length === 0) return [];
  const hint = writeProblems.some((p) => p.startsWith("missing"))
    ? ["set readOnly to serve only list and retrieve"]
    : [];
  return [`queryset ${typeName(queryset)}: ${[...problems, ...hint].join("; ")}`];
}

/** Checks a viewset: returns the error, or null when it can serve its routes. */
export function checkViewSetConfiguration(resource: string, viewset: unknown): ConfigurationError | null {
  const prefix = `viewsets: resource ${resource}`;
  if (viewset === undefined || viewset === null) return new ConfigurationError(`${prefix}: viewset is missing`);
  if (!isObjectLike(viewset))
    return new ConfigurationError(`${prefix}: viewset is a ${typeName(viewset)}, expected a viewset`);
  const options = viewset.options;
  if (!isObjectLike(options)) return new ConfigurationError(`${prefix}: viewset ${typeName(viewset)} has no options`);
  const problems = [
    ...serializerProblems(options.serializer),
    ...modelProblems(options.model),
    ...queryGroupProblems(options),
  ];
  if (problems.length === 0 && isObjectLike(options.model) && isObjectLike(options.model.fields)) {
    problems.push(...fieldListProblems(options, options.model.fields).filter((problem) => problem !== ""));
    problems.push(...serializerFieldProblems(options.serializer, options.model as unknown as ModelShape));
  }
  return problems.length === 0 ? null : new ConfigurationError(`${prefix}: ${problems.join("; ")}`);
}
