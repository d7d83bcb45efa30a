/**
 * What deleting a selection touches, before it is confirmed (Django's delete confirmation): the
 * rows that refuse it (RESTRICT), those deleted with it (CASCADE, followed further) and those
 * whose foreign key is cleared (SET NULL), counted through each model's manager.
 */
import type { FieldDef, FilterValue, RequestContext } from "@viewsets/core";
import { querySetOf, selectOnly } from "@viewsets/core/internals";
import type { DeletePreview, RecordRef, RelatedGroup } from "../shared/actions.js";
import { labelFieldOf, humanize, type AdminModel } from "./models.js";
import { MAX_SELECTION } from "./selection.js";

/** Records listed per group and of the selection itself; the counts are always whole. */
export const LISTED = 20;
/** How many foreign keys a cascade is followed through. */
const MAX_DEPTH = 4;

/** What the preview needs of the admin: who points at a model, and what the user may do. */
export interface PreviewInput {
  readonly models: readonly AdminModel[];
  readonly mayDelete: (entry: AdminModel) => boolean;
  readonly ctx: RequestContext;
}

function referencesModel(field: FieldDef, entry: AdminModel): boolean {
  return (
    field.type === "foreignKey" &&
    (field.references === entry.name || field.references === entry.viewset.config.model.name)
  );
}

/** Each registered model's foreign keys that point at `entry`. */
function pointersAt(entry: AdminModel, models: readonly AdminModel[]) {
  return models.flatMap((source) =>
    Object.entries(source.viewset.config.model.fields as Record<string, FieldDef>)
      .filter(([, field]) => referencesModel(field, entry))
      .map(([name, field]) => ({ source, name, field })),
  );
}

/** A model's records as the preview names them: id and label. */
export function recordsOf(entry: AdminModel, rows: readonly Record<string, unknown>[]): RecordRef[] {
  const { primaryKey } = entry.viewset.config.model;
  const labelField = labelFieldOf(entry.viewset);
  return rows.map((row) => {
    const id = typeof row[primaryKey] === "bigint" ? String(row[primaryKey]) : row[primaryKey];
    return { id, label: String(row[labelField] ?? id) };
  });
}

function labelOf(entry: AdminModel): string {
  return entry.viewset.config.label ?? humanize(entry.name);
}

/**
 * The preview of deleting `rows` of `entry`. A cascade is followed through the rows it deletes,
 * at most `MAX_DEPTH` foreign keys deep and `MAX_SELECTION` rows a step.
 */
export async function deletePreview(
  entry: AdminModel,
  rows: readonly Record<string, unknown>[],
  input: PreviewInput,
): Promise<DeletePreview> {
  const blocks: RelatedGroup[] = [];
  const deletes: RelatedGroup[] = [];
  const clears: RelatedGroup[] = [];
  const seen = new Set<string>();
  let level: { entry: AdminModel; ids: FilterValue[] }[] = [
    { entry, ids: rows.map((row) => row[entry.viewset.config.model.primaryKey] as FilterValue) },
  ];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: typeof level = [];
    for (const { entry: target, ids } of level) {
      if (ids.length === 0) continue;
      for (const { source, name, field } of pointersAt(target, input.models)) {
        const key = `${source.name}.${name}.${target.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const pointing = querySetOf(source.viewset.getQueryset(input.ctx.request)).filter({
          kind: "condition",
          field: name,
          lookup: "in",
          value: ids,
        });
        const count = await pointing.count(input.ctx);
        if (count === 0) continue;
        const sourceKey = source.viewset.config.model.primaryKey;
        const listed = await pointing.orderBy(sourceKey).limit(LISTED).all(input.ctx);
        const group = {
          model: source.name,
          label: labelOf(source),
          field: humanize(name, true),
          count,
          rows: recordsOf(source, listed as Record<string, unknown>[]),
        };
        if (field.onDelete === "cascade") {
          deletes.push({ ...group, mayDelete: input.mayDelete(source) });
          const cascaded = await selectOnly(pointing, [sourceKey]).limit(MAX_SELECTION).all(input.ctx);
          next.push({
            entry: source,
            ids: (cascaded as Record<string, unknown>[]).map((row) => row[sourceKey] as FilterValue),
          });
        } else if (field.onDelete === "setNull" || field.onDelete === "setDefault") {
          clears.push(group);
        } else {
          blocks.push(group);
        }
      }
    }
    level = next;
  }
  return {
    count: rows.length,
    rows: recordsOf(entry, rows.slice(0, LISTED)),
    blocks,
    deletes,
    clears,
    deletable: blocks.length === 0 && deletes.every((group) => group.mayDelete === true),
  };
}
