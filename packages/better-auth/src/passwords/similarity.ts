/**
 * How alike a password is to a user's attribute, as Django's UserAttributeSimilarityValidator
 * measures it: Python's `SequenceMatcher.quick_ratio`, twice the characters the two strings
 * share (as multisets) over their total length, which is an upper bound of their similarity.
 */

/** `SequenceMatcher(a, b).quick_ratio()`. */
export function quickRatio(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  const total = left.length + right.length;
  if (total === 0) return 1;
  const counts = new Map<string, number>();
  for (const char of right) counts.set(char, (counts.get(char) ?? 0) + 1);
  let matches = 0;
  for (const char of left) {
    const remaining = counts.get(char) ?? 0;
    if (remaining > 0) {
      counts.set(char, remaining - 1);
      matches++;
    }
  }
  return (2 * matches) / total;
}

/**
 * Django's shortcut: a value much shorter than the password cannot reach `maxSimilarity`, so it
 * is not compared at all.
 */
export function exceedsMaximumLengthRatio(password: string, maxSimilarity: number, value: string): boolean {
  const passwordLength = [...password].length;
  const valueLength = [...value].length;
  return passwordLength >= 10 * valueLength && valueLength < (maxSimilarity / 2) * passwordLength;
}
