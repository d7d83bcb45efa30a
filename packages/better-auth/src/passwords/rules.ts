/**
 * Password rules as Django's AUTH_PASSWORD_VALIDATORS: minimum length, not entirely numeric, not
 * too similar to the user's username, name or email, and not a common password. Every rule runs
 * and every message is kept, so a form can show them all on the password field at once.
 */
import { commonPasswords } from "./common-passwords.js";
import { exceedsMaximumLengthRatio, quickRatio } from "./similarity.js";

export interface PasswordRules {
  /** Django's MinimumLengthValidator: 8 by default. */
  readonly minLength?: number;
  /** Django's NumericPasswordValidator: on by default. */
  readonly numeric?: boolean;
  /** Django's UserAttributeSimilarityValidator (0.7 by default), or false to leave it out. */
  readonly similarity?: { readonly maxSimilarity?: number } | false;
  /** Django's CommonPasswordValidator with its list, your own list, or false. */
  readonly common?: boolean | Iterable<string>;
}

/** What the similarity rule compares the password to: the user as far as it is known. */
export interface PasswordUser {
  readonly username?: string | null;
  readonly displayUsername?: string | null;
  readonly name?: string | null;
  readonly email?: string | null;
}

/** Each attribute and the words a message names it by (Django's verbose names). */
const ATTRIBUTES: readonly [keyof PasswordUser, string][] = [
  ["username", "username"],
  ["displayUsername", "username"],
  ["name", "name"],
  ["email", "email address"],
];

function tooShort(password: string, minLength: number): string | null {
  if ([...password].length >= minLength) return null;
  const unit = minLength === 1 ? "character" : "characters";
  return `This password is too short. It must contain at least ${minLength} ${unit}.`;
}

function tooSimilar(password: string, user: PasswordUser, maxSimilarity: number): string | null {
  const lower = password.toLowerCase();
  for (const [attribute, label] of ATTRIBUTES) {
    const value = user[attribute];
    if (typeof value !== "string" || value === "") continue;
    const whole = value.toLowerCase();
    // As Python's re.split(r"\W+"): the parts between runs of non-word characters, and the whole.
    for (const part of [...whole.split(/[^\p{L}\p{N}_]+/u), whole]) {
      if (exceedsMaximumLengthRatio(lower, maxSimilarity, part)) continue;
      if (quickRatio(lower, part) >= maxSimilarity) return `The password is too similar to the ${label}.`;
    }
  }
  return null;
}

const ownLists = new WeakMap<Iterable<string>, ReadonlySet<string>>();

/** An app's own list, lower-cased into a set once. */
function listOf(common: Iterable<string>): ReadonlySet<string> {
  let list = ownLists.get(common);
  if (!list) {
    list = new Set([...common].map((entry) => entry.toLowerCase().trim()));
    ownLists.set(common, list);
  }
  return list;
}

function isCommon(password: string, common: true | Iterable<string>): boolean {
  const list = common === true ? commonPasswords() : listOf(common);
  return list.has(password.toLowerCase().trim());
}

/** Every rule `password` breaks, as messages for its field (empty when it passes). */
export function passwordProblems(password: string, user: PasswordUser = {}, rules: PasswordRules = {}): string[] {
  const problems: string[] = [];
  const similarity = rules.similarity ?? {};
  if (similarity !== false) {
    const max = similarity.maxSimilarity ?? 0.7;
    if (max < 0.1) throw new RangeError("maxSimilarity must be at least 0.1");
    const similar = tooSimilar(password, user, max);
    if (similar) problems.push(similar);
  }
  const short = tooShort(password, rules.minLength ?? 8);
  if (short) problems.push(short);
  const common = rules.common ?? true;
  if (common !== false && isCommon(password, common)) problems.push("This password is too common.");
  if ((rules.numeric ?? true) && /^\p{Nd}+$/u.test(password)) problems.push("This password is entirely numeric.");
  return problems;
}
