/** The list's search box, which writes `search` into the URL. */
import { t } from "../../i18n/t.js";
import { useEffect, useRef, useState } from "preact/hooks";
import { updateList } from "../../url-state.js";

const SEARCH_AFTER_MS = 250;

/** The searchbox "Search": writes `search` a moment after typing stops (one request per pause). */
export function SearchBox({ value, fields }: { readonly value: string; readonly fields: readonly string[] }) {
  const [text, setText] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const commit = (next: string) => {
    window.clearTimeout(timer.current);
    if (next.trim() === value) return;
    updateList((p) => {
      if (next.trim() === "") p.delete("search");
      else p.set("search", next.trim());
    });
  };
  if (fields.length === 0) return null;
  return (
    <search class="search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          commit(text);
        }}
      >
        <input
          type="search"
          aria-label={t("list.search")}
          aria-keyshortcuts="/"
          placeholder={t("list.searchPlaceholder", { fields: fields.join(", ") })}
          value={text}
          onInput={(event) => {
            const next = (event.currentTarget as HTMLInputElement).value;
            setText(next);
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => commit(next), SEARCH_AFTER_MS);
          }}
        />
      </form>
    </search>
  );
}
