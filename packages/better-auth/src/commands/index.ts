/** The commands this package adds to `viewsets` (list them in viewsets.config.ts). */
import type { Command } from "@viewsets/core";
import type { BetterAuthInstance } from "../instance.js";
import { changePasswordCommand } from "./changepassword.js";
import { createSuperuserCommand } from "./createsuperuser.js";
import { setRoleCommand } from "./setrole.js";

/** `createsuperuser`, `changepassword` and `setrole` for the app's better-auth instance. */
export function authCommands(auth: BetterAuthInstance): Command[] {
  return [createSuperuserCommand(auth), changePasswordCommand(auth), setRoleCommand(auth)];
}

export { changePasswordCommand, createSuperuserCommand, setRoleCommand };
