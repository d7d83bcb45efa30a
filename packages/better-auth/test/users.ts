/** Users of the suite, made and signed in through better-auth's own API, as an app's users are. */
import type { Auth } from "./fixture.js";
import { PASSWORD } from "./fixture.js";

export interface Signed {
  readonly id: string;
  /** The `Cookie` header better-auth's sign-in set. */
  readonly cookie: string;
  /** The bearer plugin's `set-auth-token`. */
  readonly bearer: string;
  /** The session's CSRF token, from the viewsets plugin's route. */
  readonly csrfToken: string;
}

/** Signs a new user up and gives them `role` ("user" when none). */
export async function createUser(auth: Auth, name: string, role?: string): Promise<string> {
  const { user } = await auth.api.signUpEmail({
    body: { email: `${name}@example.test`, password: PASSWORD, name, username: name },
  });
  if (role) await (await auth.$context).internalAdapter.updateUser(user.id, { role });
  return user.id;
}

export async function signIn(auth: Auth, name: string, password = PASSWORD): Promise<Signed> {
  const { headers, response } = await auth.api.signInUsername({
    body: { username: name, password },
    returnHeaders: true,
  });
  const cookie = headers.get("set-cookie")!.split(";")[0]!;
  const { csrfToken } = await auth.api.getCsrfToken({ headers: new Headers({ cookie }) });
  return { id: response!.user.id, cookie, bearer: headers.get("set-auth-token")!, csrfToken };
}

export async function userWithRole(auth: Auth, name: string, role?: string): Promise<Signed> {
  await createUser(auth, name, role);
  return signIn(auth, name);
}
