/**
 * The startup check of what an app registers in the admin: fields, widgets and list options that name nothing fail
 * early.
 */
import { ConfigurationError, type FieldDef } from "@viewsets/core";
import { isResolved, isSerializable, resolvePath } from "@viewsets/core/internals";
import { columnNameOf, hopsOf } from "./columns.js";
import { type ComputedColumn, type ModelConfig, widgetsFor } from "./config.js";
import { FILTER_WIDGETS } from "../shared/widgets.js";

/** A registered model as the check sees it. */
export interface Registration {
  readonly name: string;
  readonly config: ModelConfig<object>;
}

const WIDGET_NAMES: ReadonlySet<string> = new Set(FILTER_WIDGETS);

/** The model a registration names, with the relations its paths (`category__name`) may follow. */
interface Fields {
  readonly model: Parameters<typeof resolvePath>[0];
  readonly relations: unknown;
}

/**
 * The field a configured name points at, or a problem naming the option and position (never the
 * value); a path through relations that does not resolve says which step fails.
 */
function fieldOf(of: Fields, name: unknown, where: string): FieldDef | string {
  const fields = of.model.fields;
  if (typeof name === "string" && !Object.hasOwn(fields, name)) {
    const resolved = resolvePath(of.model, of.relations, name);
    if (isResolved(resolved)) return resolved.field;
    if (resolved !== null) return `${where}: ${resolved.problem}`;
  }
  if (typeof name !== "string" || !Object.hasOwn(fields, name)) return `${where} names a field the model lacks`;
  if (!isSerializable(fields[name]!)) return `${where} names a hidden field`;
  return fields[name]!;
}

function fieldProblem(of: Fields, name: unknown, where: string): string | null {
  const found = fieldOf(of, name, where);
  return typeof found === "string" ? found : null;
}

function listProblems(of: Fields, option: string, list: unknown, strip = false, paths = true): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) return [`${option} is not a list`];
  const own = paths ? of : { model: of.model, relations: undefined };
  return list.flatMap((item, i) => {
    const name = strip && typeof item === "string" ? item.replace(/^-/, "") : item;
    return fieldProblem(own, name, `${option}[${i}]`) ?? [];
  });
}

function filterProblems(of: Fields, list: unknown): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) return ["listFilter is not a list"];
  return list.flatMap((entry, i) => {
    const where = `listFilter[${i}]`;
    const name = typeof entry === "object" && entry !== null ? (entry as { field?: unknown }).field : entry;
    const field = fieldOf(of, name, where);
    if (typeof field === "string") return [field];
    const fits = widgetsFor(field);
    if (fits.length === 0) return [`${where} is a field no widget can filter`];
    if (typeof entry !== "object") return [];
    const widget = (entry as { widget?: unknown }).widget;
    if (typeof widget !== "string" || !WIDGET_NAMES.has(widget)) return [`${where} names an unknown widget`];
    return fits.includes(widget as never) ? [] : [`${where}: widget ${widget} does not fit a ${field.type} field`];
  });
}

/** A computed column: a name that is no field, a function, and an order that names an orderable field or path. */
function computedProblems(of: Fields, column: object, where: string): string[] {
  const { name, value, label } = column as Partial<ComputedColumn<object>>;
  const ordering = (column as { ordering?: unknown }).ordering;
  const problems: string[] = [];
  if (typeof name !== "string" || !/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name) || name.includes("__")) {
    problems.push(`${where}.name is not a name of letters, digits and single underscores`);
  } else if (Object.hasOwn(of.model.fields, name)) problems.push(`${where}.name is a field of the model`);
  if (typeof value !== "function") problems.push(`${where}.value is not a function`);
  if (label !== undefined && typeof label !== "string") problems.push(`${where}.label is not text`);
  if (ordering !== undefined) {
    const field = typeof ordering === "string" ? ordering.replace(/^-/, "") : ordering;
    const problem = fieldProblem(of, field, `${where}.ordering`);
    if (problem !== null) problems.push(problem);
  }
  return problems;
}

/**
 * `listDisplay`: fields, paths through relations (each foreign key they follow pointing at a
 * registered model, whose manager reads the related rows) and computed columns, each once.
 */
function displayProblems(of: Fields, list: unknown, registered: (reference: string) => boolean): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) return ["listDisplay is not a list"];
  const seen = new Set<string>();
  return list.flatMap((entry: unknown, i) => {
    const where = `listDisplay[${i}]`;
    const name = columnNameOf(entry);
    const problems = seen.has(name) ? [`${where} repeats a column`] : [];
    seen.add(name);
    if (typeof entry === "object" && entry !== null) return [...problems, ...computedProblems(of, entry, where)];
    const problem = fieldProblem(of, entry, where);
    if (problem !== null) return [...problems, problem];
    const hops = typeof entry === "string" ? (hopsOf(of.model, of.relations, entry) ?? []) : [];
    if (hops.some((hop) => !registered(hop.field.references ?? ""))) {
      problems.push(`${where} follows a foreign key to a model the admin has not registered`);
    }
    return problems;
  });
}

/** `fieldsets`: a list of sections naming fields of the model, each field in one section at most. */
function fieldsetProblems(of: Fields, config: ModelConfig<object>): string[] {
  const sets = config.fieldsets as unknown;
  const problems: string[] = [];
  const links = (config.listDisplayLinks ?? []) as readonly string[];
  const columns = ((config.listDisplay ?? Object.keys(of.model.fields)) as readonly unknown[]).map(columnNameOf);
  links.forEach((name, i) => {
    if (Object.hasOwn(of.model.fields, name) && !columns.includes(name)) {
      problems.push(`listDisplayLinks[${i}] is not a column of listDisplay`);
    }
  });
  if (sets === undefined) return problems;
  if (!Array.isArray(sets)) return [...problems, "fieldsets is not a list"];
  const seen = new Set<unknown>();
  sets.forEach((set: unknown, i) => {
    const fields = (set as { fields?: unknown } | null)?.fields;
    if (!Array.isArray(fields)) {
      problems.push(`fieldsets[${i}].fields is not a list`);
      return;
    }
    problems.push(...listProblems({ model: of.model, relations: undefined }, `fieldsets[${i}].fields`, fields));
    fields.forEach((name, j) => {
      if (seen.has(name)) problems.push(`fieldsets[${i}].fields[${j}] is in another fieldset too`);
      seen.add(name);
    });
  });
  return problems;
}

function modelProblems(registration: Registration, registered: (reference: string) => boolean): string[] {
  const { config } = registration;
  const model = config.model as { fields?: unknown; primaryKey?: unknown } | undefined;
  if (typeof model?.fields !== "object" || model.fields === null || typeof model.primaryKey !== "string") {
    return ["model is not a model from defineModel or tableModel"];
  }
  const fields = model.fields as Record<string, FieldDef>;
  const of: Fields = { model: model as Fields["model"], relations: config.relations };
  const problems = [
    ...displayProblems(of, config.listDisplay, registered),
    ...filterProblems(of, config.listFilter),
    ...listProblems(of, "searchFields", config.searchFields),
    ...listProblems(of, "ordering", config.ordering, true, false),
    ...listProblems(of, "listDisplayLinks", config.listDisplayLinks, false, false),
    ...listProblems(of, "readonlyFields", config.readonlyFields, false, false),
    ...fieldsetProblems(of, config),
  ];
  if (config.labelField !== undefined) {
    const problem = fieldProblem({ model: of.model, relations: undefined }, config.labelField, "labelField");
    if (problem !== null) problems.push(problem);
  }
  for (const [name, field] of Object.entries(fields)) {
    if (field.type === "foreignKey" && isSerializable(field) && !registered(field.references ?? "")) {
      problems.push(`foreign key ${name} points at a model the admin has not registered`);
    }
  }
  const perPage = config.listPerPage;
  if (perPage !== undefined && !(Number.isSafeInteger(perPage) && perPage > 0 && perPage <= 1000)) {
    problems.push("listPerPage is not an integer from 1 to 1000");
  }
  const count = config.count as unknown;
  const validCap = (cap: unknown) => Number.isSafeInteger(cap) && (cap as number) > 0;
  if (
    count !== undefined &&
    count !== "exact" &&
    count !== "none" &&
    !(typeof count === "object" && count !== null && validCap((count as { cap?: unknown }).cap))
  ) {
    problems.push('count is not "exact", "none" or { cap: <a positive integer> }');
  }
  const queryset = config.queryset as unknown as Record<string, unknown> | undefined;
  if (typeof queryset !== "object" || queryset === null) problems.push("queryset is not a manager");
  else {
    if (pathsOf(config, fields).length > 0 && typeof queryset.filter !== "function" && !queryset.querySet) {
      // An in-memory list reads the rows' own values, which hold no related row's.
      problems.push(
        "listFilter, searchFields or listDisplay follows a relation, but the queryset has no filter() to run it",
      );
    }
    for (const method of ["count", "all", "get"]) {
      if (typeof queryset[method] !== "function") problems.push(`queryset has no ${method}(), needed to list rows`);
    }
    const writes = { add: "create", change: "update", delete: "delete" } as const;
    for (const [permission, method] of Object.entries(writes)) {
      if (config[permission as keyof typeof writes] === true && typeof queryset[method] !== "function") {
        problems.push(`${permission} is on but the queryset has no ${method}()`);
      }
    }
  }
  return problems;
}

/** The names `listFilter`, `searchFields` and `listDisplay` give that are no field of the model: paths through relations. */
function pathsOf(config: ModelConfig<object>, fields: Record<string, FieldDef>): string[] {
  const filters = (config.listFilter ?? []).map((entry) => (typeof entry === "string" ? entry : entry.field) as string);
  const search = (config.searchFields ?? []) as readonly string[];
  const display = ((config.listDisplay ?? []) as readonly unknown[]).filter((entry) => typeof entry === "string");
  return [...filters, ...search, ...display].filter(
    (name) => typeof name === "string" && name.includes("__") && !Object.hasOwn(fields, name),
  );
}

/** Every problem of every registered model, in one error; null when the admin can serve. */
export function checkAdmin(registrations: readonly Registration[]): ConfigurationError | null {
  const names = new Set(registrations.map((r) => r.name));
  const modelNames = new Set(registrations.map((r) => (r.config.model as { name?: string } | undefined)?.name));
  const registered = (reference: string) => names.has(reference) || modelNames.has(reference);
  const messages = registrations.flatMap((registration) => {
    const problems = modelProblems(registration, registered);
    return problems.length === 0 ? [] : [`viewsets admin: model ${registration.name}: ${problems.join("; ")}`];
  });
  return messages.length === 0 ? null : new ConfigurationError(messages.join("\n"));
}
