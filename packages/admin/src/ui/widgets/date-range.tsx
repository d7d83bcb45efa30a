/** The date-range filter widget: presets and from/until days. */
import { t } from "../i18n/t.js";
import { useEffect, useId, useState } from "preact/hooks";
import { addDays, dayStart, formatDays, isoDay } from "../format.js";
import { localPresetDays, PRESETS } from "./date-presets.js";
import type { WidgetProps } from "./widget-props.js";

/** A bound of the URL (an instant or a day) as the local day a date input holds. */
function localDay(value: string | null, minusOneDay = false): string {
  if (!value) return "";
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayStart(value) : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return "";
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return isoDay(minusOneDay ? addDays(day, -1) : day);
}

/**
 * Presets (`__preset=<token>`, resolved by the server in the browser's time zone) or a custom
 * from/to (`__gte=<from>&__lt=<to + 1 day>`), with the days they cover shown in local time.
 */
export function DateRange({ field, params, update }: WidgetProps) {
  const id = useId();
  const keys = { preset: `${field.name}__preset`, gte: `${field.name}__gte`, lt: `${field.name}__lt` };
  const preset = params.get(keys.preset) ?? "";
  const urlFrom = localDay(params.get(keys.gte));
  const urlTo = localDay(params.get(keys.lt), true);
  const [from, setFrom] = useState(urlFrom);
  const [to, setTo] = useState(urlTo);
  useEffect(() => setFrom(urlFrom), [urlFrom]);
  useEffect(() => setTo(urlTo), [urlTo]);
  const bound = (day: string, plusOne = false): string | null => {
    const start = dayStart(day);
    if (!start) return null;
    const date = plusOne ? addDays(start, 1) : start;
    return field.type === "date" ? isoDay(date) : date.toISOString();
  };
  const setCustom = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (nextFrom !== "" && nextTo !== "" && nextFrom > nextTo) return;
    update((p) => {
      for (const key of Object.values(keys)) p.delete(key);
      const gte = bound(nextFrom);
      const lt = bound(nextTo, true);
      if (gte) p.set(keys.gte, gte);
      if (lt) p.set(keys.lt, lt);
    });
  };
  const reversed = from !== "" && to !== "" && from > to;
  const days = preset ? localPresetDays(preset) : null;
  const day = (text: string) => {
    const date = dayStart(text);
    return date ? formatDays(date, date) : "…";
  };
  const shown = days ? formatDays(days[0], days[1]) : urlFrom || urlTo ? `${day(urlFrom)} – ${day(urlTo)}` : "";
  return (
    <div class="date-range">
      <div class="presets">
        {PRESETS.map((option) => (
          <button
            type="button"
            key={option.token}
            class="chip"
            aria-pressed={preset === option.token}
            onClick={() =>
              update((p) => {
                for (const key of Object.values(keys)) p.delete(key);
                if (preset !== option.token) p.set(keys.preset, option.token);
              })
            }
          >
            {option.label}
          </button>
        ))}
      </div>
      <div class="range-inputs dates">
        <label class="stacked">
          <span>{t("filter.from")}</span>
          <input
            type="date"
            value={from}
            aria-invalid={reversed || undefined}
            aria-describedby={reversed ? `${id}-error` : undefined}
            onChange={(event) => setCustom((event.currentTarget as HTMLInputElement).value, to)}
          />
        </label>
        <label class="stacked">
          <span>{t("filter.to")}</span>
          <input
            type="date"
            value={to}
            aria-invalid={reversed || undefined}
            aria-describedby={reversed ? `${id}-error` : undefined}
            onChange={(event) => setCustom(from, (event.currentTarget as HTMLInputElement).value)}
          />
        </label>
      </div>
      {reversed && (
        <p id={`${id}-error`} class="field-error" role="alert">
          {t("filter.daysReversed")}
        </p>
      )}
      <p class="hint" aria-live="polite">
        {shown && t("filter.showing", { days: shown })}
      </p>
    </div>
  );
}
