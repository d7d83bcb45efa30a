/** Names of fields and models as people read them: `humanize("createdAt")` is "Created at". */
/** "createdAt" and "created_at" → "Created at"; a foreign key drops its "id": "categoryId" → "Category". */
export function humanize(name: string, foreignKey = false): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase()
    .split(/\s+/);
  if (foreignKey && words.length > 1 && words.at(-1) === "id") words.pop();
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
