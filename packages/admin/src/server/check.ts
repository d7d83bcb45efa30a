/**
 * The startup check of what an app registers in the admin: fields, widgets and list options that name nothing fail
 * early.
 */
import { ConfigurationError, type FieldDef } from "@viewsets/core";
import { isSerializable } from "@viewsets/core/internals";
import { type ModelConfig, widgetsFor } from "./config.js";
import { FILTER_WIDGETS } from "../shared/widgets.js";

/** A registered model as the check sees it. */
export interface Registration {
  readonly name: string;
  readonly config: ModelConfig<object>;
}

const WIDGET_NAMES: ReadonlySet<string> = new Set(FILTER_WIDGETS);

/** The field a configured name points at, or a problem naming the option and position (never the value). */
function fieldProblem(fields: Record<string, FieldDef>, name: unknown, where: string): string | null {
  if (typeof name !== "string" || !Object.hasOwn(fields, name)) return `${where} names a field the model lacks`;
  if (!isSerializable(fields[name]!)) return `${where} names a hidden field`;
  return null;
}

function listProblems(fields: Record<string, FieldDef>, option: string, list: unknown, strip = false): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) return [`${option} is not a list`];
  return list.flatMap((item, i) => {
    const name = strip && typeof item === "string" ? item.replace(/^-/, "") : item;
    return fieldProblem(fields, name, `${option}[${i}]`) ?? [];
  });
}

function filterProblems(fields: Record<string, FieldDef>, list: unknown): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) return ["listFilter is not a list"];
  return list.flatMap((entry, i) => {
    const where = `listFilter[${i}]`;
    const name = typeof entry === "object" && entry !== null ? (entry as { field?: unknown }).field : entry;
    const problem = fieldProblem(fields, name, where);
    if (problem) return [problem];
    const field = fields[name as string]!;
    const fits = widgetsFor(field);
    if (fits.length === 0) return [`${where} is a field no widget can filter`];
    if (typeof entry !== "object") return [];
    const widget = (entry as { widget?: unknown }).widget;
    if (typeof widget !== "string" || !WIDGET_NAMES.has(widget)) return [`${where} names an unknown widget`];
    return fits.includes(widget as never) ? [] : [`${where}: widget ${widget} does not fit a ${field.type} field`];
  });
}

function modelProblems(registration: Registration, registered: (reference: string) => boolean): string[] {
  const { config } = registration;
  const model = config.model as { fields?: unknown; primaryKey?: unknown } | undefined;
  if (typeof model?.fields !== "object" || model.fields === null || typeof model.primaryKey !== "string") {
    return ["model is not a model from defineModel or tableModel"];
  }
  const fields = model.fields as Record<string, FieldDef>;
  const problems = [
    ...listProblems(fields, "listDisplay", config.listDisplay),
    ...filterProblems(fields, config.listFilter),
    ...listProblems(fields, "searchFields", config.searchFields),
    ...listProblems(fields, "ordering", config.ordering, true),
  ];
  if (config.labelField !== undefined) {
    problems.push(...[fieldProblem(fields, config.labelField, "labelField")].filter((p) => p !== null));
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
