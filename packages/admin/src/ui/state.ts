/** The UI's shared state: the session, the registered models and the flash message. */
import { signal } from "@preact/signals";
import type { ModelMeta, Session } from "../shared/wire.js";

/** Who is signed in: undefined while the session is being checked, null when nobody is. */
export const session = signal<Session | null | undefined>(undefined);

/** The registered models the user may see (empty until loaded). */
export const models = signal<readonly ModelMeta[]>([]);

/** Whether the signed-in user may read the whole history log (the server's `historyReaders`). */
export const readsHistory = signal(false);

/** Why the models could not be loaded, if they could not. */
export const modelsError = signal<string | null>(null);

/** A short message for the next page (a record saved or deleted), announced politely. */
export const flash = signal<string>("");

/** The last list URL of each model, so "back to the list" keeps its filters. */
export const lastListHref = new Map<string, string>();

export function modelNamed(name: string): ModelMeta | undefined {
  return models.value.find((model) => model.name === name);
}
