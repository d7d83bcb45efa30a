/**
 * `viewsets createsuperuser` and `viewsets changepassword` on a real SQLite file: through the real
 * `viewsets` command, which finds the app's better-auth instance in its viewsets.config.ts, and
 * in-process with a scripted terminal for the questions and answers.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CommandIO } from "@viewsets/core";
import Database from "better-sqlite3";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authCommands, authMigrations, openSession, roleBookOf } from "../src/index.js";
import * as schema from "../src/schema/sqlite.js";
import { type Auth, createAuth } from "./fixture.js";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const MAIN = fileURLToPath(new URL("../../core/src/cli/main.ts", import.meta.url));
const TSX = createRequire(import.meta.url).resolve("tsx/cli");
const secret = randomBytes(32).toString("hex");

// Inside the package, so that the config resolves @viewsets/better-auth and better-auth as an app's would.
const project = mkdtempSync(join(PACKAGE, ".commands-"));
const file = join(project, "app.sqlite");
let client: Database.Database;
let auth: Auth;

beforeAll(() => {
  client = new Database(file);
  client.pragma("journal_mode = WAL");
  const db = drizzle(client);
  migrate(db, authMigrations("sqlite"));
  auth = createAuth(drizzleAdapter(db, { provider: "sqlite", schema }), secret);
  writeFileSync(
    join(project, "viewsets.config.ts"),
    `import { defineConfig } from "@viewsets/core";
import { authCommands, modelRoles, viewsets } from "@viewsets/better-auth";
import * as schema from "@viewsets/better-auth/schema/sqlite";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, username } from "better-auth/plugins";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";

const { ac, roles } = modelRoles({ models: ["products"], roles: { editor: { products: ["view"] } } });
const auth = betterAuth({
  secret: ${JSON.stringify(secret)},
  baseURL: "http://127.0.0.1:3000",
  database: drizzleAdapter(drizzle(new Database(${JSON.stringify(file)})), { provider: "sqlite", schema }),
  emailAndPassword: { enabled: true },
  telemetry: { enabled: false },
  logger: { disabled: true },
  plugins: [username(), admin({ ac, roles }), viewsets()],
});
export default defineConfig({ commands: authCommands(auth) });
`,
  );
});
afterAll(() => {
  client?.close();
  rmSync(project, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `viewsets ...args` in the project, as a user types it (through tsx, the config being TypeScript). */
function viewsets(args: string[], env: Record<string, string> = {}, input = ""): Promise<Run> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [TSX, "--conditions=source", MAIN, ...args],
      { cwd: project, timeout: 60_000, env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(input);
  });
}

/** A terminal that answers from a script and keeps what was said. */
function scripted(answers: string[], env: Record<string, string> = {}): CommandIO & { said: string; errors: string } {
  const io = {
    env,
    interactive: true,
    said: "",
    errors: "",
    out: (text: string) => void (io.said += text),
    err: (text: string) => void (io.errors += text),
    prompt: async (question: string) => {
      io.said += question;
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`unexpected question: ${question}`);
      return answer;
    },
  };
  return io;
}

const command = (name: string) => authCommands(auth).find((c) => c.name === name)!;
const signIn = (username: string, password: string) =>
  auth.api.signInUsername({ body: { username, password }, returnHeaders: true });

describe("viewsets createsuperuser", () => {
  it("--noinput creates a superuser who can sign in, with the password from VIEWSETS_SUPERUSER_PASSWORD", async () => {
    const run = await viewsets(["createsuperuser", "--noinput", "--username", "Root", "--email", "root@example.test"], {
      VIEWSETS_SUPERUSER_PASSWORD: "plum-tractor-89",
    });
    expect(run).toMatchObject({ code: 0, stdout: "Superuser created successfully.\n" });
    const { response } = await signIn("root", "plum-tractor-89");
    expect(response?.user).toMatchObject({
      username: "root",
      displayUsername: "Root",
      email: "root@example.test",
      role: "admin",
    });
    expect(roleBookOf(auth).isSuperuser(response!.user)).toBe(true);
  }, 60_000);

  it("--noinput refuses a weak password, a taken username or a missing option, and creates no one", async () => {
    const weak = await viewsets(
      ["createsuperuser", "--noinput", "--username", "weak", "--email", "weak@example.test"],
      {
        VIEWSETS_SUPERUSER_PASSWORD: "password",
      },
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toBe("Error: VIEWSETS_SUPERUSER_PASSWORD: This password is too common.\n");
    const taken = await viewsets(["createsuperuser", "--noinput", "--username", "root", "--email", "x@example.test"]);
    expect(taken).toMatchObject({ code: 1, stderr: "Error: That username is already taken.\n" });
    const missing = await viewsets(["createsuperuser", "--noinput", "--username", "nomail"]);
    expect(missing).toMatchObject({ code: 1, stderr: "Error: You must use --email with --noinput.\n" });
    const names = client.prepare("SELECT username FROM auth_user ORDER BY username").all();
    expect(names).toEqual([{ username: "root" }]);
  }, 60_000);

  it("asks again after each mistake, at a terminal, and applies the password rules", async () => {
    const io = scripted([
      "root", // taken
      "grace",
      "grace@", // not an email
      "grace@example.test",
      "hopper-99",
      "hopper-98", // do not match
      "grace1234",
      "grace1234", // too similar to the username
      "",
      "", // blank
      "compiler-1952",
      "compiler-1952",
    ]);
    expect(await command("createsuperuser").run([], io)).toBe(0);
    expect(io.errors).toBe(
      [
        "Error: That username is already taken.",
        "Error: Enter a valid email address.",
        "Error: Your passwords didn't match.",
        "The password is too similar to the username.",
        "Error: Blank passwords aren't allowed.",
        "",
      ].join("\n"),
    );
    expect(io.said).toContain("Superuser created successfully.");
    expect((await signIn("grace", "compiler-1952")).response?.user).toMatchObject({ role: "admin" });
  });

  it("creates a superuser without a password under --noinput alone, who signs in once changepassword gives one", async () => {
    const run = await viewsets(["createsuperuser", "--noinput"], {
      VIEWSETS_SUPERUSER_USERNAME: "ops",
      VIEWSETS_SUPERUSER_EMAIL: "ops@example.test",
    });
    expect(run.code).toBe(0);
    await expect(signIn("ops", "")).rejects.toThrow();
    const io = scripted(["river-stone-42", "river-stone-42"]);
    expect(await command("changepassword").run(["ops"], io)).toBe(0);
    expect((await signIn("ops", "river-stone-42")).response?.user.username).toBe("ops");
  }, 60_000);
});

describe("viewsets changepassword", () => {
  it("sets the new password and ends the user's sessions, cookie and bearer alike", async () => {
    await command("createsuperuser").run(
      ["--noinput", "--username", "ada", "--email", "ada@example.test"],
      scripted([], { VIEWSETS_SUPERUSER_PASSWORD: "plum-tractor-89" }),
    );
    const first = await signIn("ada", "plum-tractor-89");
    const second = await signIn("ada", "plum-tractor-89");
    const context = await auth.$context;
    expect(await openSession(context as never, first.response!.token)).not.toBeNull();
    const run = await viewsets(["changepassword", "ada"], {}, "engine-analytic-1843\nengine-analytic-1843\n");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Password changed successfully for user 'ada'");
    expect(run.stdout).toContain("Ended 2 sessions of the user.");
    expect(await openSession(context as never, first.response!.token)).toBeNull();
    expect(await openSession(context as never, second.response!.token)).toBeNull();
    await expect(signIn("ada", "plum-tractor-89")).rejects.toThrow();
    expect((await signIn("ada", "engine-analytic-1843")).response?.user.username).toBe("ada");
  }, 60_000);

  it("gives up after three refused attempts and leaves the password as it was", async () => {
    const io = scripted(["one-thing", "another", "password", "password", "12345678", "12345678"]);
    expect(await command("changepassword").run(["ada"], io)).toBe(1);
    expect(io.errors).toBe(
      [
        "Passwords do not match. Please try again.",
        "This password is too common.",
        "This password is too common.",
        "This password is entirely numeric.",
        "Error: Aborting password change for user 'ada' after 3 attempts",
        "",
      ].join("\n"),
    );
    expect((await signIn("ada", "engine-analytic-1843")).response?.user.username).toBe("ada");
  });

  it("says so for a user who does not exist", async () => {
    const io = scripted([]);
    expect(await command("changepassword").run(["nobody"], io)).toBe(1);
    expect(io.errors).toBe("Error: user 'nobody' does not exist\n");
  });
});

describe("viewsets setrole", () => {
  it("gives a user roles of the admin plugin, which apply to their session at once", async () => {
    const signedIn = await signIn("ada", "engine-analytic-1843");
    const context = await auth.$context;
    const run = await viewsets(["setrole", "ada", "editor"]);
    expect(run).toMatchObject({ code: 0, stdout: "User 'ada' now has the role editor.\n" });
    expect((await openSession(context as never, signedIn.response!.token))?.user.role).toBe("editor");
    const io = scripted([]);
    expect(await command("setrole").run(["ada", "user,editor"], io)).toBe(0);
    expect((await openSession(context as never, signedIn.response!.token))?.user.role).toBe("user,editor");
  }, 60_000);

  it("refuses a role the app does not define, and a user who does not exist", async () => {
    const io = scripted([]);
    expect(await command("setrole").run(["ada", "editor,publisher"], io)).toBe(1);
    expect(io.errors).toBe("Error: unknown role 'publisher' (roles: admin, user, editor)\n");
    const missing = scripted([]);
    expect(await command("setrole").run(["nobody", "editor"], missing)).toBe(1);
    expect(missing.errors).toBe("Error: user 'nobody' does not exist\n");
  });
});
