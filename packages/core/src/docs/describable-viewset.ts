/** What the OpenAPI describer reads of a registered viewset: its route, options and settings. */
import type { ModelShape } from "../models/define-model.js";
import type { Paginator } from "../query/paginator.js";
import type { FieldPlan } from "../serializers/field-plan.js";
import type { Checks } from "../viewsets/guard.js";
import type { ViewSet, ViewSettings } from "../viewsets/viewset.js";

/** A registered viewset, where the router serves it, and the router's defaults. */
export interface ViewSetRoute {
  readonly prefix: string;
  readonly resource: string;
  readonly viewset: ViewSet | undefined;
  readonly settings: ViewSettings;
}

/** What the docs read from a BaseViewSet (duck-typed, so that a second copy of the core still works). */
export interface DescribableViewSet {
  readonly options: Checks & {
    readonly model: ModelShape;
    readonly readOnly?: boolean;
    readonly searchFields?: readonly string[];
    readonly ordering?: readonly string[];
    readonly pageSize?: number;
    readonly maxPageSize?: number;
    readonly pagination?: Paginator;
    readonly rejectUnknownRequestFields?: boolean;
    readonly bulkCreate?: boolean | { readonly maxItems?: number };
  };
  getFieldPlan(): FieldPlan;
}

function isDescribable(value: unknown): value is DescribableViewSet {
  const candidate = value as Partial<DescribableViewSet> | null;
  return (
    typeof candidate?.getFieldPlan === "function" &&
    typeof candidate.options?.model?.fields === "object" &&
    candidate.options.model.fields !== null
  );
}

/** The BaseViewSet behind a registered viewset: itself, or what a ViewSetConfig builds now. */
export function resolveViewSet(viewset: ViewSet): DescribableViewSet | null {
  if (isDescribable(viewset)) return viewset;
  const build = (viewset as { build?: unknown }).build;
  if (typeof build !== "function") return null;
  try {
    const built: unknown = build.call(viewset);
    return isDescribable(built) ? built : null;
  } catch {
    return null;
  }
}

/** Its fields, or null when its serializer factory throws (its routes are then described without them). */
export function fieldPlanOf(viewset: DescribableViewSet): FieldPlan | null {
  try {
    return viewset.getFieldPlan();
  } catch {
    return null;
  }
}

/** The options of any viewset (BaseViewSet and ViewSetConfig have them; a custom one may), for its checks. */
export function optionsOf(viewset: ViewSet): Partial<DescribableViewSet["options"]> {
  return (viewset as { options?: Partial<DescribableViewSet["options"]> }).options ?? {};
}
