/** The OpenAPI parameters of sparse answers: `?fields=` and `?omit=`. */
import type { FieldPlan } from "../serializers/field-plan.js";
import { FIELDS_PARAM, OMIT_PARAM } from "../serializers/sparse-fields.js";
import type { ParameterObject } from "../http/openapi-types.js";

function namesParameter(name: string, description: string, fields: readonly string[]): ParameterObject {
  return {
    name,
    in: "query",
    required: false,
    description,
    schema: { type: "array", items: { type: "string", enum: [...fields] } },
    style: "form",
    explode: false,
  };
}

/** `fields` and `omit` of a list or retrieve: comma-separated response fields (another name is a 400). */
export function sparseParameters(plan: FieldPlan): ParameterObject[] {
  if (plan.response.length === 0) return [];
  return [
    namesParameter(FIELDS_PARAM, "Only these fields in each object, comma-separated.", plan.response),
    namesParameter(OMIT_PARAM, "Every field but these, comma-separated.", plan.response),
  ];
}
