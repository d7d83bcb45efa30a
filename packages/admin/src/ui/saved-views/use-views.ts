/** The hook that reads and changes the signed-in user's saved views of a model. */
import { useCallback, useEffect, useState } from "preact/hooks";
import { api, messageOf } from "../api.js";
import type { ModelMeta, SavedView, SavedViewBody } from "../../shared/wire.js";

export interface SavedViews {
  readonly views: readonly SavedView[];
  readonly loaded: boolean;
  readonly error: string | null;
  /** POST: a new name makes a view, a name the user already has updates that one. */
  save(body: SavedViewBody & { name: string }): Promise<SavedView>;
  patch(id: number, body: SavedViewBody): Promise<SavedView>;
  remove(id: number): Promise<void>;
}

/** The signed-in user's saved views of a model, reloaded after each change. */
export function useSavedViews(model: ModelMeta): SavedViews {
  const [views, setViews] = useState<readonly SavedView[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = `/saved-views/${encodeURIComponent(model.name)}`;
  const reload = useCallback(async () => {
    try {
      setViews(await api<SavedView[]>(path));
      setError(null);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setLoaded(true);
    }
  }, [path]);
  useEffect(() => {
    setLoaded(false);
    setViews([]);
    void reload();
  }, [reload]);
  return {
    views,
    loaded,
    error,
    async save(body) {
      const view = await api<SavedView>(path, { method: "POST", body });
      await reload();
      return view;
    },
    async patch(id, body) {
      const view = await api<SavedView>(`${path}/${id}`, { method: "PATCH", body });
      await reload();
      return view;
    },
    async remove(id) {
      await api<void>(`${path}/${id}`, { method: "DELETE" });
      await reload();
    },
  };
}
