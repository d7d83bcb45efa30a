/**
 * `viewsets setrole USERNAME ROLE[,ROLE]`: gives a user roles of the admin plugin (`editor`, or
 * several, comma-separated, as better-auth stores them). It applies from the user's next request:
 * the API reads the role with the session each time.
 */
import type { Command } from "@viewsets/core";
import { type BetterAuthInstance, contextOf, pluginOf } from "../instance.js";
import { findUser } from "./accounts.js";

const USAGE = `Usage: viewsets setrole USERNAME ROLE[,ROLE...]

  USERNAME   the user's username (their email address where the app has no username plugin)
  ROLE       a role of the admin plugin's \`roles\` (modelRoles: admin, user and the app's own)`;

/** The admin plugin's role names (better-auth's admin and user without `roles`). */
function roleNames(auth: BetterAuthInstance): string[] {
  const roles = (pluginOf(auth, "admin")?.options as { roles?: Record<string, unknown> } | undefined)?.roles;
  return Object.keys(roles ?? { admin: true, user: true });
}

export function setRoleCommand(auth: BetterAuthInstance): Command {
  return {
    name: "setrole",
    summary: "Gives a user one or more roles (their model permissions).",
    usage: USAGE,
    async run(args, io) {
      const [username, role, ...extra] = args;
      if (username === undefined || role === undefined || extra.length > 0) {
        io.err(`${USAGE}\n`);
        return 2;
      }
      const wanted = role.split(",").map((name) => name.trim());
      const known = roleNames(auth);
      const unknown = wanted.filter((name) => !known.includes(name));
      if (unknown.length > 0 || wanted.length === 0) {
        io.err(`Error: unknown role ${unknown.map((name) => `'${name}'`).join(", ")} (roles: ${known.join(", ")})\n`);
        return 1;
      }
      const context = await contextOf(auth);
      const user = await findUser(auth, context, username);
      if (!user) {
        io.err(`Error: user '${username}' does not exist\n`);
        return 1;
      }
      await context.internalAdapter.updateUser(user.id, { role: wanted.join(",") });
      io.out(`User '${username}' now has the role${wanted.length === 1 ? "" : "s"} ${wanted.join(", ")}.\n`);
      return 0;
    },
  };
}
