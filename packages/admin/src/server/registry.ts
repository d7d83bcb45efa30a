/** The admin's registered models by name, and the registered model a foreign key references. */
import { type FieldDef, NotFound } from "@viewsets/core";
import type { AdminModel } from "./models.js";
import type { AdminViewSet } from "./rows.js";

export class ModelRegistry {
  private readonly byName = new Map<string, AdminModel>();

  has(name: string): boolean {
    return this.byName.has(name);
  }

  set(name: string, model: AdminModel): void {
    this.byName.set(name, model);
  }

  /** The registered model; 404 for a name that is none. */
  get(name: string | undefined): AdminModel {
    const model = name === undefined ? undefined : this.byName.get(name);
    if (!model) throw new NotFound();
    return model;
  }

  all(): AdminModel[] {
    return [...this.byName.values()];
  }

  /** The registered name of the model a foreign key references (by registered name or model name). */
  nameOf = (reference: string): string | undefined => {
    if (this.byName.has(reference)) return reference;
    for (const entry of this.byName.values()) if (entry.viewset.config.model.name === reference) return entry.name;
    return undefined;
  };

  /** The viewset of the model a foreign key field references, when it is registered. */
  targetOf = (field: FieldDef): AdminViewSet<object> | undefined => {
    const name = this.nameOf(field.references ?? "");
    return name === undefined ? undefined : this.byName.get(name)?.viewset;
  };
}
