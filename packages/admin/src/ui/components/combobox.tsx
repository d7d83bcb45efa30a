/** The WAI-ARIA combobox the foreign-key filter and form field search records with. */
import { t } from "../i18n/t.js";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { isAbort } from "../api.js";
import { formatCount } from "../format.js";

/** A record as a lookup names it, with its count where the filter has one. */
export interface Choice {
  readonly id: string;
  readonly label: string;
  readonly count?: number;
}

/** How long typing pauses before the search is sent: at most one request per 250 ms. */
export const DEBOUNCE_MS = 250;

export interface ComboboxProps {
  /** The element that names the combobox (its visible label). */
  readonly labelledBy: string;
  readonly id?: string;
  readonly search: (q: string, signal: AbortSignal) => Promise<{ results: Choice[]; more: boolean }>;
  /** The chosen ids (aria-selected on their options). */
  readonly selected: readonly string[];
  /** Several values (the filter) or one (a form field). */
  readonly multiple?: boolean;
  /** The text shown while the user is not typing: the chosen record's label for one value. */
  readonly text?: string;
  readonly onChoose: (choice: Choice) => void;
  readonly describedBy?: string | undefined;
  readonly invalid?: boolean;
  readonly required?: boolean;
  readonly placeholder?: string;
  readonly counts?: ReadonlyMap<string, number>;
}

function announcement(count: number, more: boolean): string {
  if (count === 0) return t("combobox.none");
  if (more) return t("combobox.more", { shown: count });
  return t("combobox.results", { count });
}

/**
 * The WAI-ARIA 1.2 combobox with a listbox popup: typing searches (debounced, a stale request
 * aborted), arrows move the active option (aria-activedescendant), Enter chooses, Escape closes
 * (and clears the text when already closed), and a live region says how many results came.
 */
export function Combobox(props: ComboboxProps) {
  const auto = useId();
  const inputId = props.id ?? `${auto}-input`;
  const listId = `${auto}-list`;
  const [text, setText] = useState(props.text ?? "");
  const [typing, setTyping] = useState(false);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Choice[]>([]);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const [searched, setSearched] = useState(false);
  const shownOptions = useRef(options);
  shownOptions.current = options;
  const timer = useRef<number | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!typing) setText(props.text ?? "");
  }, [props.text, typing]);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  function runSearch(q: string): void {
    window.clearTimeout(timer.current);
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    props.search(q.trim(), current.signal).then(
      ({ results, more }) => {
        if (current.signal.aborted) return;
        // A reopened list shows its last options at once and asks again: the answer keeps the
        // option the arrows already reached, where it is still there.
        const before = shownOptions.current;
        setActive((index) => {
          const id = before[index]?.id;
          return id === undefined ? -1 : results.findIndex((option) => option.id === id);
        });
        setOptions(results);
        setSearched(true);
        setStatus(announcement(results.length, more));
      },
      (error: unknown) => {
        if (isAbort(error) || current.signal.aborted) return;
        setOptions([]);
        setSearched(true);
        setStatus(t("combobox.failed"));
      },
    );
  }

  function close(): void {
    window.clearTimeout(timer.current);
    setOpen(false);
    setActive(-1);
  }

  function openList(): void {
    setOpen(true);
    runSearch(typing ? text : "");
  }

  function choose(choice: Choice): void {
    props.onChoose(choice);
    if (props.multiple) {
      setText("");
      setTyping(false);
      return;
    }
    setTyping(false);
    close();
  }

  function onInput(event: Event): void {
    const value = (event.currentTarget as HTMLInputElement).value;
    setText(value);
    setTyping(true);
    setOpen(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => runSearch(value), DEBOUNCE_MS);
  }

  function onKeyDown(event: KeyboardEvent): void {
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open || event.altKey) openList();
        else if (count > 0) setActive((index) => (index + 1) % count);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) openList();
        else if (count > 0) setActive((index) => (index <= 0 ? count - 1 : index - 1));
        break;
      case "Enter": {
        const option = open && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case "Escape":
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (text !== "") {
          event.preventDefault();
          setText("");
          setTyping(props.multiple !== true);
        }
        break;
      case "Tab":
        close();
        break;
    }
  }

  function onBlur(): void {
    close();
    if (!props.multiple) setTyping(false);
  }

  const shown = open && options.length > 0;
  const activeId = shown && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <div class="combobox">
      <input
        id={inputId}
        type="text"
        role="combobox"
        class="combobox-input"
        autocomplete="off"
        spellcheck={false}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-labelledby={props.labelledBy}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        placeholder={props.placeholder ?? t("combobox.placeholder")}
        value={text}
        onInput={onInput}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        onClick={() => (open ? close() : openList())}
      />
      <div
        id={listId}
        role="listbox"
        class="listbox"
        aria-labelledby={props.labelledBy}
        aria-multiselectable={props.multiple || undefined}
        hidden={!shown}
      >
        {options.map((option, index) => {
          const count = props.counts?.get(option.id);
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the input (aria-activedescendant)
            // biome-ignore lint/a11y/useFocusableInteractive: options stay unfocusable; the input keeps the focus (aria-activedescendant)
            <div
              key={option.id}
              id={`${listId}-${index}`}
              role="option"
              class={index === active ? "option active" : "option"}
              aria-selected={props.selected.includes(option.id)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              <span class="option-label">{option.label}</span>
              {count !== undefined && <span class="count">{formatCount(count)}</span>}
            </div>
          );
        })}
      </div>
      {open && searched && options.length === 0 && <p class="hint">{status}</p>}
      <div role="status" class="sr-only">
        {open ? status : ""}
      </div>
    </div>
  );
}
