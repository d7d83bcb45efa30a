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
