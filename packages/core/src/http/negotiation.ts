/**
 * Content negotiation for a JSON API: does the request's `Accept` header allow an answer in JSON?
 * A viewset answers `application/json` and errors as `application/problem+json`, so either one
 * being acceptable (with `q` > 0) is enough.
 */
const JSON_TYPES = ["application/json", "application/problem+json"] as const;

interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

function parseRange(part: string): MediaRange | null {
  const [media = "", ...params] = part.split(";");
  const [type, subtype] = media.trim().toLowerCase().split("/");
  if (!type || !subtype) return null;
  let q = 1;
  for (const param of params) {
    const [name, value] = param.split("=");
    if (name?.trim().toLowerCase() === "q") {
      const parsed = Number(value?.trim());
      q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 1;
    }
  }
  return { type, subtype, q };
}

/** The q of `mediaType` under the most specific range that matches it (RFC 9110 §12.5.1); 0 when none does. */
function qualityOf(ranges: readonly MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.split("/");
  let best = -1;
  let q = 0;
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === "*"
          ? 1
          : range.type === "*" && range.subtype === "*"
            ? 0
            : -1;
    if (specificity > best) {
      best = specificity;
      q = range.q;
    }
  }
  return q;
}

// A client sends the same Accept header on every request: the last answer is kept.
let lastAccept = "*/*";
let lastAnswer = true;

/** True when a JSON answer is acceptable: no `Accept`, an empty or unreadable one, or one naming JSON with q > 0. */
export function acceptsJSON(accept: string | undefined): boolean {
  if (accept === undefined) return true;
  if (accept === lastAccept) return lastAnswer;
  const answer = negotiate(accept);
  lastAccept = accept;
  lastAnswer = answer;
  return answer;
}

function negotiate(accept: string): boolean {
  if (accept.trim() === "") return true;
  const ranges = accept.split(",").flatMap((part) => parseRange(part) ?? []);
  // A header with no readable range says nothing: answer as if it were absent.
  if (ranges.length === 0) return true;
  return JSON_TYPES.some((type) => qualityOf(ranges, type) > 0);
}
