/**
 * The one rule for decimal text, shared by request bodies, filter values, drizzle models and the
 * OpenAPI document: an optional sign, digits with an optional fraction ("1.", "1.5", ".5").
 */
export const DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Whether `text` is a decimal by `DECIMAL_PATTERN`. */
export function isDecimalText(text: string): boolean {
  return DECIMAL_PATTERN.test(text);
}
