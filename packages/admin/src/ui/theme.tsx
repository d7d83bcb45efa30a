/** The theme toggle (auto, light, dark): remembered per user in this browser, applied as `data-theme` on the page. */
import { t } from "./i18n/t.js";
import { useEffect, useId, useState } from "preact/hooks";

export type Theme = "auto" | "light" | "dark";
const THEMES: readonly { readonly value: Theme; readonly label: string }[] = [
  { value: "auto", label: t("theme.auto") },
  { value: "light", label: t("theme.light") },
  { value: "dark", label: t("theme.dark") },
];

const keyOf = (username: string) => `viewsets-admin:theme:${username}`;

/** The user's remembered theme ("auto" when none, or when storage is off). */
export function storedTheme(username: string): Theme {
  try {
    const value = window.localStorage.getItem(keyOf(username));
    return value === "light" || value === "dark" ? value : "auto";
  } catch {
    return "auto";
  }
}

/** Applies a theme to the page: "auto" follows the system (no attribute). */
export function applyTheme(theme: Theme): void {
  if (theme === "auto") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.setAttribute("data-theme", theme);
}

/** A small select "Theme" in the header; the choice is the signed-in user's, kept in this browser. */
export function ThemeToggle({ username }: { readonly username: string }) {
  const id = useId();
  const [theme, setTheme] = useState<Theme>(() => storedTheme(username));
  useEffect(() => setTheme(storedTheme(username)), [username]);
  useEffect(() => {
    applyTheme(theme);
    return () => applyTheme("auto");
  }, [theme]);
  const choose = (next: Theme) => {
    setTheme(next);
    try {
      if (next === "auto") window.localStorage.removeItem(keyOf(username));
      else window.localStorage.setItem(keyOf(username), next);
    } catch {
      // Storage off (a private window's quota): the choice lasts this page only.
    }
  };
  return (
    <span class="theme-toggle">
      <label for={id}>{t("theme.label")}</label>
      <select
        id={id}
        class="select"
        value={theme}
        onChange={(event) => choose((event.currentTarget as HTMLSelectElement).value as Theme)}
      >
        {THEMES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
