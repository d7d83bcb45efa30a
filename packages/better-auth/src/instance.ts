/**
 * What this package needs of an app's better-auth instance (`betterAuth({...})`), and the
 * plugins it looks for. Typed structurally so that any instance, whatever its plugins, fits.
 */
import type { AuthContext, BetterAuthOptions } from "better-auth";

export interface BetterAuthInstance {
  readonly options: BetterAuthOptions;
  /** better-auth's context; its type depends on the instance's options, so it is read through `contextOf`. */
  readonly $context: Promise<unknown>;
  readonly api: object;
  readonly handler: (request: Request) => Promise<Response>;
}

interface PluginLike {
  readonly id: string;
  readonly options?: unknown;
}

/** The plugin of that id in the instance's options, or undefined. */
export function pluginOf(auth: BetterAuthInstance, id: string): PluginLike | undefined {
  return (auth.options.plugins as readonly PluginLike[] | undefined)?.find((plugin) => plugin.id === id);
}

/** Calls one of better-auth's server API methods by name (those a plugin adds are not in every instance's type). */
export function apiMethod<In, Out>(auth: BetterAuthInstance, name: string): (input: In) => Promise<Out> {
  const method = (auth.api as Record<string, unknown>)[name];
  if (typeof method !== "function") {
    throw new TypeError(
      `@viewsets/better-auth: auth.api.${name} is missing: is its plugin in betterAuth({ plugins })?`,
    );
  }
  return method as (input: In) => Promise<Out>;
}

/** The instance's context: its secret, cookies and internal adapter. */
export function contextOf(auth: BetterAuthInstance): Promise<AuthContext> {
  return auth.$context as Promise<AuthContext>;
}
