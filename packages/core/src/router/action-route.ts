/** A custom action's route, built from `Router.action`'s arguments once they are checked. */
import type { GenericSchema } from "valibot";
import { ConfigurationError } from "../http/errors.js";
import {
  type ActionBody,
  type ActionConfig,
  type ActionHandler,
  type ActionRoute,
  HTTP_METHODS,
  type HttpMethod,
} from "../viewsets/actions.js";

/** One URL path segment: a resource name or an action's `urlPath`. */
export const RESOURCE_NAME = /^[A-Za-z0-9_.~-]+$/;
const KNOWN_METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

/**
 * The route of an action, or a `ConfigurationError` for an unknown method, a handler that is not a
 * function, a `urlPath` of more than one segment, or an option that needs a viewset (`hasViewset`) first.
 */
export function actionRoute<Schema extends GenericSchema | undefined, Query extends GenericSchema | undefined>(
  resource: string,
  name: string,
  config: ActionConfig<Schema, Query>,
  handler: ActionHandler<ActionBody<Schema>, ActionBody<Query>>,
  hasViewset: boolean,
): ActionRoute {
  const methods = (config.methods ?? ["GET"]).map((method) => String(method).toUpperCase());
  for (const method of methods) {
    if (!KNOWN_METHODS.has(method)) {
      throw new ConfigurationError(
        `viewsets: action ${resource}.${name}: unknown HTTP method "${method.slice(0, 20)}"`,
      );
    }
  }
  for (const [option, what] of [
    ["checks", "checks need"],
    ["atomic", "atomic needs"],
    ["serializer", "a serializer needs"],
  ] as const) {
    if (config[option] && !hasViewset) {
      throw new ConfigurationError(
        `viewsets: action ${resource}.${name}: ${what} a viewset registered for ${resource} first`,
      );
    }
  }
  if (typeof handler !== "function")
    throw new ConfigurationError(`viewsets: action ${resource}.${name}: handler is not a function`);
  const urlPath = config.urlPath ?? name;
  if (!RESOURCE_NAME.test(urlPath)) {
    throw new ConfigurationError(`viewsets: action ${resource}.${name}: urlPath must be one URL path segment`);
  }
  return {
    resource,
    name,
    methods: methods as HttpMethod[],
    detail: config.detail === true,
    urlPath,
    handler: handler as ActionHandler<never, never>,
    config: config as ActionConfig,
  };
}
