/**
 * `viewsets createsuperuser`, as Django's: asks a username, an email address and a password
 * twice, or with `--noinput` takes `--username` and `--email` (or VIEWSETS_SUPERUSER_USERNAME and
 * VIEWSETS_SUPERUSER_EMAIL) and the password from VIEWSETS_SUPERUSER_PASSWORD. The user gets the
 * admin plugin's first admin role: every permission. The password rules apply in both modes.
 * Without a password (--noinput and no VIEWSETS_SUPERUSER_PASSWORD) the user is made with none,
 * as Django makes an unusable one: `viewsets changepassword` gives one later.
 */
import { parseArgs } from "node:util";
import type { Command, CommandIO } from "@viewsets/core";
import { apiMethod, type BetterAuthInstance, contextOf, pluginOf } from "../instance.js";
import { findUser, normalizedUsername, passwordErrors, usernameOptions, usernameProblem } from "./accounts.js";

const USAGE = `Usage: viewsets createsuperuser [--username NAME] [--email ADDRESS] [--noinput]

  --username NAME    the superuser's username (asked when not given)
  --email ADDRESS    the superuser's email address (asked when not given)
  --noinput          ask nothing: the password is VIEWSETS_SUPERUSER_PASSWORD (none when unset);
                     VIEWSETS_SUPERUSER_USERNAME and VIEWSETS_SUPERUSER_EMAIL stand in for the options`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Answers {
  username: string;
  email: string;
  password: string | undefined;
}

/** The first role the admin plugin treats as admin: the superuser's. */
function superuserRole(auth: BetterAuthInstance): string {
  const adminRoles = (pluginOf(auth, "admin")?.options as { adminRoles?: string | string[] } | undefined)?.adminRoles;
  const first = [adminRoles ?? "admin"].flat()[0]?.split(",")[0]?.trim();
  return first || "admin";
}

async function usernameError(auth: BetterAuthInstance, username: string): Promise<string | null> {
  const problem = await usernameProblem(auth, username);
  if (problem) return problem;
  if (usernameOptions(auth) && (await findUser(auth, await contextOf(auth), username))) {
    return "That username is already taken.";
  }
  return null;
}

async function emailError(auth: BetterAuthInstance, email: string): Promise<string | null> {
  if (email === "") return "This field cannot be blank.";
  if (!EMAIL.test(email)) return "Enter a valid email address.";
  const context = await contextOf(auth);
  if (await context.internalAdapter.findUserByEmail(email.toLowerCase())) return "That email address is already taken.";
  return null;
}

async function ask(
  io: CommandIO,
  question: string,
  check: (answer: string) => Promise<string | null>,
): Promise<string> {
  for (;;) {
    const answer = (await io.prompt(question)).trim();
    const error = await check(answer);
    if (!error) return answer;
    io.err(`Error: ${error}\n`);
  }
}

async function askPassword(auth: BetterAuthInstance, io: CommandIO, username: string, email: string): Promise<string> {
  const context = await contextOf(auth);
  for (;;) {
    const password = await io.prompt("Password: ", { hidden: true });
    const again = await io.prompt("Password (again): ", { hidden: true });
    if (password !== again) {
      io.err("Error: Your passwords didn't match.\n");
      continue;
    }
    if (password.trim() === "") {
      io.err("Error: Blank passwords aren't allowed.\n");
      continue;
    }
    const problems = passwordErrors(auth, context, password, { username, name: username, email });
    if (problems.length === 0) return password;
    for (const problem of problems) io.err(`${problem}\n`);
  }
}

/** A value given as an option, if it is good; its error is shown and the question asked instead. */
async function givenOrAsk(
  io: CommandIO,
  given: string | undefined,
  question: string,
  check: (answer: string) => Promise<string | null>,
): Promise<string> {
  if (given !== undefined) {
    const error = await check(given);
    if (!error) return given;
    io.err(`Error: ${error}\n`);
  }
  return ask(io, question, check);
}

async function interactive(auth: BetterAuthInstance, io: CommandIO, given: Partial<Answers>): Promise<Answers> {
  const username = await givenOrAsk(io, given.username, "Username: ", (answer) => usernameError(auth, answer));
  const email = await givenOrAsk(io, given.email, "Email address: ", (answer) => emailError(auth, answer));
  return { username, email, password: await askPassword(auth, io, username, email) };
}

/** `--noinput`: every problem at once, as one error. */
async function unattended(auth: BetterAuthInstance, io: CommandIO, given: Partial<Answers>): Promise<Answers | string> {
  const username = given.username ?? io.env.VIEWSETS_SUPERUSER_USERNAME;
  const email = given.email ?? io.env.VIEWSETS_SUPERUSER_EMAIL;
  if (!username) return "You must use --username with --noinput.";
  if (!email) return "You must use --email with --noinput.";
  const problem = (await usernameError(auth, username)) ?? (await emailError(auth, email));
  if (problem) return problem;
  const password = io.env.VIEWSETS_SUPERUSER_PASSWORD || undefined;
  if (password !== undefined) {
    const problems = passwordErrors(auth, await contextOf(auth), password, { username, name: username, email });
    if (problems.length > 0) return `VIEWSETS_SUPERUSER_PASSWORD: ${problems.join(" ")}`;
  }
  return { username, email, password };
}

async function create(auth: BetterAuthInstance, answers: Answers): Promise<void> {
  const withUsername = usernameOptions(auth) !== undefined;
  const createUser = apiMethod<{ body: Record<string, unknown> }, unknown>(auth, "createUser");
  await createUser({
    body: {
      email: answers.email.toLowerCase(),
      name: answers.username,
      role: superuserRole(auth),
      ...(answers.password !== undefined && { password: answers.password }),
      ...(withUsername && {
        data: { username: normalizedUsername(auth, answers.username), displayUsername: answers.username },
      }),
    },
  });
}

export function createSuperuserCommand(auth: BetterAuthInstance): Command {
  return {
    name: "createsuperuser",
    summary: "Creates a user with every permission (better-auth's admin role).",
    usage: USAGE,
    async run(args, io) {
      let values: { username?: string; email?: string; noinput?: boolean; "no-input"?: boolean };
      try {
        values = parseArgs({
          args: [...args],
          options: {
            username: { type: "string" },
            email: { type: "string" },
            noinput: { type: "boolean" },
            "no-input": { type: "boolean" },
          },
        }).values;
      } catch (error) {
        io.err(`viewsets createsuperuser: ${(error as Error).message}\n\n${USAGE}\n`);
        return 2;
      }
      const given = { username: values.username, email: values.email };
      let answers: Answers;
      if (values.noinput || values["no-input"]) {
        const outcome = await unattended(auth, io, given);
        if (typeof outcome === "string") {
          io.err(`Error: ${outcome}\n`);
          return 1;
        }
        answers = outcome;
      } else if (!io.interactive) {
        io.err(
          "Superuser creation skipped due to not running in a TTY. Run `viewsets createsuperuser` at a terminal, or with --noinput.\n",
        );
        return 0;
      } else {
        answers = await interactive(auth, io, given);
      }
      await create(auth, answers);
      io.out("Superuser created successfully.\n");
      return 0;
    },
  };
}
