/** How the list's query parameters name their field, for the server's facets and the UI's filters alike. */

/** The field a filter parameter names: `field` of `field` or `field__<lookup>`. */
export function fieldOfParam(key: string): string {
  const split = key.indexOf("__");
  return split === -1 ? key : key.slice(0, split);
}

/** Whether `key` is one of the parameters a filter of `field` writes: `field` or `field__<lookup>`. */
export function isOwnParam(key: string, field: string): boolean {
  return key === field || key.startsWith(`${field}__`);
}
