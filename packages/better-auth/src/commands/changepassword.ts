/**
 * `viewsets changepassword USERNAME`, as Django's: asks the new password twice, up to three
 * times, under the password rules. The change ends every session the user had (better-auth's
 * revokeSessions): whoever held one signs in again with the new password.
 */
import type { Command } from "@viewsets/core";
import { type BetterAuthInstance, contextOf } from "../instance.js";
import { findUser, passwordErrors, setPassword } from "./accounts.js";

const USAGE = `Usage: viewsets changepassword USERNAME

  USERNAME   the user's username (their email address where the app has no username plugin)`;

const ATTEMPTS = 3;

export function changePasswordCommand(auth: BetterAuthInstance): Command {
  return {
    name: "changepassword",
    summary: "Changes a user's password and ends their sessions.",
    usage: USAGE,
    async run(args, io) {
      const [username, ...extra] = args;
      if (username === undefined || extra.length > 0) {
        io.err(`${USAGE}\n`);
        return 2;
      }
      const context = await contextOf(auth);
      const user = await findUser(auth, context, username);
      if (!user) {
        io.err(`Error: user '${username}' does not exist\n`);
        return 1;
      }
      io.out(`Changing password for user '${username}'\n`);
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const password = await io.prompt("Password: ", { hidden: true });
        const again = await io.prompt("Password (again): ", { hidden: true });
        if (password !== again) {
          io.err("Passwords do not match. Please try again.\n");
          continue;
        }
        const problems = passwordErrors(auth, context, password, user);
        if (problems.length > 0) {
          for (const problem of problems) io.err(`${problem}\n`);
          continue;
        }
        const ended = await setPassword(context, user.id, password);
        io.out(`Password changed successfully for user '${username}'\n`);
        io.out(`Ended ${ended} session${ended === 1 ? "" : "s"} of the user.\n`);
        return 0;
      }
      io.err(`Error: Aborting password change for user '${username}' after ${ATTEMPTS} attempts\n`);
      return 1;
    },
  };
}
