/**
 * The better-auth plugin of viewsets: `betterAuth({ plugins: [..., viewsets()] })`.
 *
 * - Password rules (Django's validators, passwords/rules.ts) on every route that sets a
 *   password: sign-up, change and reset, set-password, and the admin plugin's create-user and
 *   set-user-password. A weak password is a 400 before better-auth hashes anything, with every
 *   message under the field's name: `{ "code": "PASSWORD_TOO_WEAK", "errors": { "password": [...] } }`.
 * - `GET {basePath}/viewsets/csrf-token`: the signed-in session's CSRF token (`{ "csrfToken" }`),
 *   for apps that call the REST API from a browser with the session cookie.
 */
import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  sessionMiddleware,
} from "better-auth/api";
import { csrfTokenFor } from "./csrf.js";
import { type PasswordRules, type PasswordUser, passwordProblems } from "./passwords/rules.js";

export interface ViewsetsPluginOptions {
  /** The password rules (Django's defaults), or false to leave passwords to better-auth alone. */
  readonly passwords?: PasswordRules | false;
}

type Body = Record<string, unknown>;
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The user a password is for, as far as the route tells: its body, its session, or its target user. */
async function userOf(context: HookContext, body: Body): Promise<PasswordUser> {
  const data = (body.data ?? {}) as Body;
  const named: PasswordUser = {
    username: text(body.username) ?? text(data.username),
    displayUsername: text(body.displayUsername) ?? text(data.displayUsername),
    name: text(body.name),
    email: text(body.email),
  };
  if (context.path === "/admin/set-user-password" && typeof body.userId === "string") {
    return ((await context.context.internalAdapter.findUserById(body.userId)) as PasswordUser | null) ?? named;
  }
  if (context.path === "/change-password" || context.path === "/set-password") {
    return ((await getSessionFromCtx(context))?.user as PasswordUser | undefined) ?? named;
  }
  return named;
}

/** Each route that sets a password, and the body field that carries it. */
const PASSWORD_FIELDS: Readonly<Record<string, string>> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
  "/set-password": "newPassword",
  "/admin/create-user": "password",
  "/admin/set-user-password": "newPassword",
};

export const PASSWORD_TOO_WEAK = "PASSWORD_TOO_WEAK";

/** The 400 better-auth answers for a password that breaks the rules, its messages on the field. */
export function weakPassword(field: string, problems: readonly string[]): APIError {
  return new APIError("BAD_REQUEST", {
    message: problems.join(" "),
    code: PASSWORD_TOO_WEAK,
    errors: { [field]: [...problems] },
  });
}

export function viewsets(options: ViewsetsPluginOptions = {}) {
  const rules = options.passwords;
  return {
    id: "viewsets",
    options,
    endpoints: {
      getCsrfToken: createAuthEndpoint(
        "/viewsets/csrf-token",
        { method: "GET", use: [sessionMiddleware] },
        async (context) =>
          context.json({ csrfToken: csrfTokenFor(context.context.secret, context.context.session.session.id) }),
      ),
    },
    hooks: {
      before: [
        {
          matcher: (context: { path?: string }) =>
            rules !== false && context.path !== undefined && context.path in PASSWORD_FIELDS,
          handler: createAuthMiddleware(async (context) => {
            const field = PASSWORD_FIELDS[context.path]!;
            const body = (context.body ?? {}) as Body;
            const password = body[field];
            if (typeof password !== "string") return;
            const problems = passwordProblems(password, await userOf(context, body), rules || {});
            if (problems.length > 0) throw weakPassword(field, problems);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
