/** The OpenAPI operations of a custom viewset whose fields the document cannot know. */
import type { StandardRoute } from "../http/standard-routes.js";
import { optionsOf, type ViewSetRoute } from "./describable-viewset.js";
import type { DocumentBuilder, ErrorResponse } from "./document-builder.js";
import { guardedOperation, guardsOf } from "./guards.js";
import type { OperationObject, ResponseObject } from "../http/openapi-types.js";
import {
  ANY_OBJECT,
  BODY_METHODS,
  idParameter,
  jsonContent,
  nounOf,
  operationMethod,
  servedRoutes,
  standardFields,
  standardPath,
  standardSuccess,
} from "./operation-parts.js";

const DESCRIPTION = "Served by a custom viewset: the document cannot tell its fields.";

function successOf(route: StandardRoute): Record<string, ResponseObject> {
  if (route.status === 204) return { "204": { description: standardSuccess(route) } };
  const description = route.action === "list" ? "The list." : standardSuccess(route);
  return { [String(route.status)]: { description, content: jsonContent(ANY_OBJECT) } };
}

/** Only what every viewset may answer: a body that fails validation, an unknown id. */
function errorsOf(route: StandardRoute): ErrorResponse[] {
  const errors: ErrorResponse[] = [];
  if (BODY_METHODS.has(route.method)) errors.push("ValidationError");
  if (route.kind === "detail") errors.push("NotFound");
  // Its manager's database may be down, busy or full: a 503.
  errors.push("Unavailable");
  return errors;
}

/**
 * A custom ViewSet that is not a BaseViewSet: its fields are unknown, so its routes are listed
 * with generic JSON bodies (only list and retrieve when it says it is read-only).
 */
export function describeOpaqueViewSet(builder: DocumentBuilder, route: ViewSetRoute): void {
  const { prefix, resource, settings } = route;
  if (!route.viewset) return;
  const options = optionsOf(route.viewset);
  const readOnly = (route.viewset as { readOnly?: boolean }).readOnly === true || options.readOnly === true;
  builder.tag(resource);
  const guards = guardsOf(builder, options, settings);
  for (const standard of servedRoutes(readOnly)) {
    const fields: Omit<OperationObject, "responses"> = {
      ...standardFields(builder, resource, standard, nounOf(resource)),
      description: DESCRIPTION,
    };
    if (standard.kind === "detail") fields.parameters = [idParameter(nounOf(resource))];
    if (BODY_METHODS.has(standard.method)) fields.requestBody = { required: false, content: jsonContent(ANY_OBJECT) };
    builder.operation(
      standardPath(prefix, resource, standard),
      operationMethod(standard.method),
      guardedOperation(builder, guards, fields, successOf(standard), errorsOf(standard), {
        method: standard.method,
        view: { resource, action: standard.action, readOnly },
      }),
    );
  }
}
