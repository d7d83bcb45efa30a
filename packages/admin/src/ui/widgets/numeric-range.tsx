/** The numeric-range filter widget: a minimum and a maximum within the facet's range. */
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
  const input = (label: string, value: string, set: (v: string) => void, placeholder: unknown) => (
    <label class="stacked">
      <span>{label}</span>
      <input
        type="number"
        inputMode="decimal"
        step={step}
        value={value}
        placeholder={placeholder === undefined || placeholder === null ? "" : String(placeholder)}
        aria-invalid={reversed || undefined}
        aria-describedby={described || undefined}
        onInput={(event) => {
          const next = (event.currentTarget as HTMLInputElement).value;
          set(next);
          if (label === "Minimum") later(next, max);
          else later(min, next);
        }}
        onChange={(event) => {
          const next = (event.currentTarget as HTMLInputElement).value;
          if (label === "Minimum") apply(next, max);
          else apply(min, next);
        }}
      />
    </label>
  );
  return (
    <div class="range">
      <div class="range-inputs">
        {input("Minimum", min, setMin, facet?.min)}
        {input("Maximum", max, setMax, facet?.max)}
      </div>
      {reversed && (
        <p id={`${id}-error`} class="field-error" role="alert">
          The minimum ({min}) is greater than the maximum ({max}): make the minimum smaller or the maximum larger.
        </p>
      )}
      {facet?.min !== undefined && facet.min !== null && (
        <p id={`${id}-range`} class="hint">
          Matching rows range from {String(facet.min)} to {String(facet.max)}.
        </p>
      )}
    </div>
  );
}
