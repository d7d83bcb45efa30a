/** After Next, Previous, First or Last: the new page is read from its top, not from the button pressed. */
import { useEffect } from "preact/hooks";
import type { RowsPage } from "../../../shared/wire.js";

let paged = false;

/** Marks a page step: when its rows arrive, the view moves to the top and focus to the list's heading. */
export function notePageStep(event: MouseEvent): void {
  // A page opened in another tab or window leaves this one where it is.
  paged = !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
}

/**
 * Moves to the top of the page and focuses its heading (the list's, or `heading`) once the
 * stepped-to page's rows are shown.
 */
export function useTopAfterPaging(page: RowsPage | object | null, heading = ".list-page h1"): void {
  useEffect(() => {
    if (!paged || page === null) return;
    paged = false;
    window.scrollTo({ top: 0 });
    document.querySelector<HTMLElement>(heading)?.focus({ preventScroll: true });
  }, [page]);
}
