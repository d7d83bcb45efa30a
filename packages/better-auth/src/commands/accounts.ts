/**
 * What the commands do to better-auth's users, through its internal adapter (no session needed):
 * find a user by username, check a username and a password as the app's plugins would, and set
 * a password, ending the user's sessions.
 */
import type { AuthContext } from "better-auth";
import { type BetterAuthInstance, pluginOf } from "../instance.js";
import { type PasswordRules, type PasswordUser, passwordProblems } from "../passwords/rules.js";
import type { AuthUser } from "../session.js";

interface UsernameOptions {
  readonly minUsernameLength?: number;
  readonly maxUsernameLength?: number;
  readonly usernameValidator?: (username: string) => boolean | Promise<boolean>;
  readonly usernameNormalization?: ((username: string) => string) | false;
}

/** The username plugin's options, or undefined without the plugin (users then sign in by email). */
export function usernameOptions(auth: BetterAuthInstance): UsernameOptions | undefined {
  const plugin = pluginOf(auth, "username");
  return plugin ? ((plugin.options ?? {}) as UsernameOptions) : undefined;
}

/** The username as the username plugin stores it (lower case unless the app says otherwise). */
export function normalizedUsername(auth: BetterAuthInstance, username: string): string {
  const normalize = usernameOptions(auth)?.usernameNormalization;
  if (normalize === false) return username;
  return normalize ? normalize(username) : username.toLowerCase();
}

/** What is wrong with a username by the username plugin's rules, or null. */
export async function usernameProblem(auth: BetterAuthInstance, username: string): Promise<string | null> {
  const options = usernameOptions(auth);
  if (!options) return username.trim() === "" ? "This field cannot be blank." : null;
  const min = options.minUsernameLength || 3;
  const max = options.maxUsernameLength || 30;
  if (username.length < min) return `Ensure this value has at least ${min} characters.`;
  if (username.length > max) return `Ensure this value has at most ${max} characters.`;
  const valid = options.usernameValidator
    ? await options.usernameValidator(username)
    : /^[a-zA-Z0-9_.]+$/.test(username);
  return valid ? null : "Enter a valid username. This value may contain only letters, numbers, and . or _ characters.";
}

/** The user of a username (or, without the username plugin, of an email address), or null. */
export async function findUser(
  auth: BetterAuthInstance,
  context: AuthContext,
  username: string,
): Promise<AuthUser | null> {
  if (!usernameOptions(auth))
    return ((await context.internalAdapter.findUserByEmail(username))?.user as AuthUser) ?? null;
  return (await context.adapter.findOne({
    model: "user",
    where: [{ field: "username", value: normalizedUsername(auth, username) }],
  })) as AuthUser | null;
}

/**
 * Every rule a password breaks: the viewsets plugin's rules (Django's defaults where the app has
 * not installed the plugin; none where it turned them off), and better-auth's own length limits.
 */
export function passwordErrors(
  auth: BetterAuthInstance,
  context: AuthContext,
  password: string,
  user: PasswordUser,
): string[] {
  const rules = (pluginOf(auth, "viewsets")?.options as { passwords?: PasswordRules | false } | undefined)?.passwords;
  const problems = rules === false ? [] : passwordProblems(password, user, rules ?? {});
  const { minPasswordLength, maxPasswordLength } = context.password.config;
  const length = [...password].length;
  const short = `This password is too short. It must contain at least ${minPasswordLength} characters.`;
  if (length < minPasswordLength && !problems.some((p) => p.startsWith("This password is too short."))) {
    problems.unshift(short);
  }
  if (length > maxPasswordLength) {
    problems.push(`This password is too long. It must contain at most ${maxPasswordLength} characters.`);
  }
  return problems;
}

/** Sets the user's password (making their credential account if they had none) and ends every session they have. Answers how many. */
export async function setPassword(context: AuthContext, userId: string, password: string): Promise<number> {
  const hash = await context.password.hash(password);
  const accounts = await context.internalAdapter.findAccounts(userId);
  if (accounts.some((account) => account.providerId === "credential")) {
    await context.internalAdapter.updatePassword(userId, hash);
  } else {
    await context.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
  }
  const sessions = await context.internalAdapter.listSessions(userId);
  await context.internalAdapter.deleteUserSessions(userId);
  return sessions.length;
}
