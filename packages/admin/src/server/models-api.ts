/** `GET models`: the models the signed-in user may view, each with what they may do and the Action menu's entries. */
import { type ApiRequest, type ApiResponse, MethodNotAllowed, sendJSON } from "@viewsets/core";
import type { ModelsAnswer } from "../shared/wire.js";
import { actionsOf } from "./bulk-actions.js";
import { type AdminModel, describeModel } from "./models.js";
import type { ModelPermissions } from "./principal.js";

export interface ModelListOptions {
  /** What the user may do on a model (its view permission decides whether it is listed). */
  readonly may: (entry: AdminModel) => ModelPermissions;
  /** The registered name of the model a foreign key references. */
  readonly modelNameOf: (reference: string) => string | undefined;
  /** Whether the Users page is theirs. */
  readonly manageUsers: boolean;
  /** Whether the whole history log is theirs. */
  readonly readHistory: boolean;
}

export function serveModelList(
  request: ApiRequest,
  models: readonly AdminModel[],
  options: ModelListOptions,
): ApiResponse {
  if (request.method !== "GET") throw new MethodNotAllowed(request.method, ["GET"]);
  const described = models.flatMap((entry) => {
    const may = options.may(entry);
    return may.view ? [{ ...describeModel(entry, options.modelNameOf, may), actions: actionsOf(entry, may) }] : [];
  });
  const { manageUsers, readHistory } = options;
  return sendJSON(200, { models: described, manageUsers, readHistory } satisfies ModelsAnswer);
}
