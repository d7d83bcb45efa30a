/** The numeric-range filter widget: a minimum and a maximum within the facet's range. */
import { formatNumber, inputDecimal } from "../format.js";
import { t } from "../i18n/t.js";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import type { WidgetProps } from "./widget-props.js";

const APPLY_AFTER_MS = 500;

function numberOf(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Minimum and maximum as number inputs (`__gte`, `__lte`); a minimum above the maximum is said, not sent. */
export function NumericRange({ field, params, facet, update }: WidgetProps) {
  const id = useId();
  const gte = `${field.name}__gte`;
  const lte = `${field.name}__lte`;
  const fromUrl = { min: params.get(gte) ?? "", max: params.get(lte) ?? "" };
  const [min, setMin] = useState(fromUrl.min);
  const [max, setMax] = useState(fromUrl.max);
  const timer = useRef<number | undefined>(undefined);
  // Each bound follows the URL on its own, so applying one never wipes what is typed in the other.
  useEffect(() => setMin(fromUrl.min), [fromUrl.min]);
  useEffect(() => setMax(fromUrl.max), [fromUrl.max]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const low = numberOf(min);
  const high = numberOf(max);
  const reversed = low !== null && high !== null && low > high;
  const step = field.type === "int" ? "1" : "any";

  function apply(nextMin: string, nextMax: string): void {
    window.clearTimeout(timer.current);
    const a = numberOf(nextMin);
    const b = numberOf(nextMax);
    if (a !== null && b !== null && a > b) return;
    if ((nextMin.trim() !== "" && a === null) || (nextMax.trim() !== "" && b === null)) return;
    if (nextMin.trim() === fromUrl.min && nextMax.trim() === fromUrl.max) return;
    update((p) => {
      p.delete(gte);
      p.delete(lte);
      if (a !== null) p.set(gte, nextMin.trim());
      if (b !== null) p.set(lte, nextMax.trim());
    });
  }

  function later(nextMin: string, nextMax: string): void {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => apply(nextMin, nextMax), APPLY_AFTER_MS);
  }

  const described = [reversed ? `${id}-error` : "", facet?.min !== undefined ? `${id}-range` : ""]
    .filter(Boolean)
    .join(" ");
  const input = (isMin: boolean, value: string, set: (v: string) => void, placeholder: unknown) => (
    <label class="stacked">
      <span>{isMin ? t("filter.minimum") : t("filter.maximum")}</span>
      <input
        type="number"
        inputMode="decimal"
        step={step}
        value={value}
        placeholder={placeholder === undefined || placeholder === null ? "" : inputDecimal(placeholder)}
        aria-invalid={reversed || undefined}
        aria-describedby={described || undefined}
        onInput={(event) => {
          const next = (event.currentTarget as HTMLInputElement).value;
          set(next);
          if (isMin) later(next, max);
          else later(min, next);
        }}
        onChange={(event) => {
          const next = (event.currentTarget as HTMLInputElement).value;
          if (isMin) apply(next, max);
          else apply(min, next);
        }}
      />
    </label>
  );
  return (
    <div class="range">
      <div class="range-inputs">
        {input(true, min, setMin, facet?.min)}
        {input(false, max, setMax, facet?.max)}
      </div>
      {reversed && (
        <p id={`${id}-error`} class="field-error" role="alert">
          {t("filter.numbersReversed", { min, max })}
        </p>
      )}
      {facet?.min !== undefined && facet.min !== null && (
        <p id={`${id}-range`} class="hint">
          {t("filter.range", { min: formatNumber(facet.min), max: formatNumber(facet.max) })}
        </p>
      )}
    </div>
  );
}
