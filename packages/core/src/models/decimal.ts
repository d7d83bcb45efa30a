/**
 * The one rule for decimal text, shared by request bodies, filter values, drizzle models and the
 * OpenAPI document: an optional sign, digits with an optional fraction ("1.", "1.5", ".5").
 */
export const DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Whether `text` is a decimal by `DECIMAL_PATTERN`. */
export function isDecimalText(text: string): boolean {
  return DECIMAL_PATTERN.test(text);
}

/** DRF's `max_digits` and `decimal_places` of a decimal field (a drizzle numeric's precision and scale). */
export interface DecimalLimits {
  /** Most significant digits in total, before and after the point. */
  readonly maxDigits?: number | undefined;
  /** Most digits after the point. */
  readonly decimalPlaces?: number | undefined;
}

/** The digits of decimal text as DRF counts them: leading zeros and trailing fraction zeros do not count. */
function digitsOf(text: string): { whole: number; places: number } {
  const unsigned = text.replace(/^[+-]/, "");
  const point = unsigned.indexOf(".");
  const whole = (point < 0 ? unsigned : unsigned.slice(0, point)).replace(/^0+/, "");
  const fraction = point < 0 ? "" : unsigned.slice(point + 1).replace(/0+$/, "");
  return { whole: whole.length, places: fraction.length };
}

/**
 * Why decimal text does not fit the limits, in DRF's words, or null when it fits. A value that
 * fits is stored as sent; one that does not would overflow the column or be rounded, so it is a
 * 400 (trailing zeros in the fraction change no value and are not counted).
 */
export function decimalLimitProblem(text: string, limits: DecimalLimits): string | null {
  const { maxDigits, decimalPlaces } = limits;
  if (maxDigits === undefined && decimalPlaces === undefined) return null;
  const { whole, places } = digitsOf(text);
  if (maxDigits !== undefined && whole + places > maxDigits) {
    return `Ensure that there are no more than ${maxDigits} digits in total.`;
  }
  if (decimalPlaces !== undefined && places > decimalPlaces) {
    return `Ensure that there are no more than ${decimalPlaces} decimal places.`;
  }
  if (maxDigits !== undefined && decimalPlaces !== undefined && whole > maxDigits - decimalPlaces) {
    return `Ensure that there are no more than ${maxDigits - decimalPlaces} digits before the decimal point.`;
  }
  return null;
}

/**
 * The regular expression (its source) of the decimal text `decimalLimitProblem` accepts under
 * `limits`: DECIMAL_PATTERN where there are none. Leading zeros and trailing fraction zeros are not
 * counted, as there. For the OpenAPI document (drf-spectacular words a DecimalField's limits as a
 * pattern too), so that a client validates what the server would.
 */
export function decimalPattern(limits: DecimalLimits): string {
  const { maxDigits, decimalPlaces } = limits;
  if (maxDigits === undefined && decimalPlaces === undefined) return DECIMAL_PATTERN.source;
  // A sign, at least one digit before or after the point, and leading zeros, which never count.
  const start = String.raw`^[+-]?(?=\.?\d)0*`;
  if (decimalPlaces === undefined) {
    // Only a total: at most maxDigits whole digits, and no nonzero digit past the maxDigits-th
    // (counted from the first digit after the leading zeros, across the point).
    const n = maxDigits as number;
    return `${start}(?!\\d{${n + 1}}|(?:\\.?\\d){${n}}\\.?\\d*[1-9])\\d*(?:\\.\\d*)?$`;
  }
  // More places than digits in all: the server takes no value at all (every one has too many
  // whole digits by its rule), and neither does this.
  if (maxDigits !== undefined && maxDigits < decimalPlaces) return "^(?!)";
  // Whole digits within maxDigits - decimalPlaces and places within decimalPlaces keep the total
  // within maxDigits; trailing zeros in the fraction are free.
  const whole = maxDigits === undefined ? "\\d*" : `\\d{0,${maxDigits - decimalPlaces}}`;
  return `${start}${whole}(?:\\.\\d{0,${decimalPlaces}}0*)?$`;
}

// Decimal text as a database or a body gives it: a sign, digits, a fraction, an exponent ("1e-7",
// what String() writes of a small REAL that SQLite's NUMERIC column read back as a number).
const DECIMAL_PARTS = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,6}))?$/;
// Already in its final form, but for padding: no sign but a minus, no leading zero, no exponent.
const PLAIN = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
// Past this many places or digits, a value is left as it is rather than written out in full.
const MAX_WRITTEN_DIGITS = 400;

/**
 * A decimal with exactly `places` digits after the point, as DRF's DecimalField shows one with
 * `decimal_places` (its `quantize`, rounding half to even): "416.9" → "416.90", "5" → "5.00",
 * "1e-7" → "0.00", "2.675" → "2.68". SQLite's NUMERIC affinity stores "416.90" as the number
 * 416.9, so the trailing zero is the response's to put back; PostgreSQL's numeric(p, s) keeps
 * it. A finite number is written as its text first; anything else (null, text that is no decimal)
 * is returned unchanged.
 */
export function quantizedDecimal(value: unknown, places: number): unknown {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== "string") return value;
  if (PLAIN.test(text)) {
    const point = text.indexOf(".");
    const have = point < 0 ? 0 : text.length - point - 1;
    if (have === places) return text;
    if (have < places) return `${point < 0 && places > 0 ? `${text}.` : text}${"0".repeat(places - have)}`;
  }
  return roundedDecimal(text, places) ?? value;
}

/** `text` rounded half to even to `places` places, written plainly; null when it is no decimal or too long. */
function roundedDecimal(text: string, places: number): string | null {
  const parts = DECIMAL_PARTS.exec(text);
  if (!parts || (parts[2] === "" && (parts[3] ?? "") === "")) return null;
  const [, sign, whole = "", fraction = "", exponent = "0"] = parts;
  // The value is digits × 10^shift; the result is an integer count of 10^-places.
  const digits = `${whole}${fraction}`;
  const shift = Number(exponent) - fraction.length + places;
  let units: bigint;
  if (shift >= 0) {
    if (digits.length + shift > MAX_WRITTEN_DIGITS) return null;
    units = BigInt(digits) * 10n ** BigInt(shift);
  } else if (-shift > digits.length) {
    // Less than a tenth of a unit: rounds to zero.
    units = 0n;
  } else {
    const divisor = 10n ** BigInt(-shift);
    const n = BigInt(digits);
    units = n / divisor;
    const twice = (n % divisor) * 2n;
    if (twice > divisor || (twice === divisor && units % 2n === 1n)) units += 1n;
  }
  const written = units.toString().padStart(places + 1, "0");
  const minus = sign === "-" && units !== 0n ? "-" : "";
  if (places === 0) return `${minus}${written}`;
  return `${minus}${written.slice(0, -places)}.${written.slice(-places)}`;
}
