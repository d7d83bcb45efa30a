/** Words the server and the UI both write: a model's label in the singular, and "3 products". */

/** "Products" → "product", "Categories" → "category": a model's label for one record. */
export function singular(label: string): string {
  const lower = label.toLowerCase();
  if (lower.endsWith("ies")) return `${lower.slice(0, -3)}y`;
  if (lower.endsWith("ses") || lower.endsWith("xes")) return lower.slice(0, -2);
  if (lower.endsWith("s") && !lower.endsWith("ss")) return lower.slice(0, -1);
  return lower;
}

/** "1 product", "3 products", "1,000 products". */
export function countOf(count: number, label: string): string {
  return count === 1 ? `1 ${singular(label)}` : `${count.toLocaleString("en")} ${label.toLowerCase()}`;
}
