/**
 * The users guide (docs/guides/users.md): its three files are test/readme-app's, and its flow runs
 * on them: a superuser and a user made by the `viewsets` command and better-auth's sign-up, a
 * role given, and the writes a browser's session cookie makes with and without its CSRF token.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@viewsets/core/testing";

const APP = fileURLToPath(new URL("./readme-app/", import.meta.url));
const GUIDE = readFileSync(fileURLToPath(new URL("../../../docs/guides/users.md", import.meta.url)), "utf8");
const MAIN = fileURLToPath(new URL("../../core/src/cli/main.ts", import.meta.url));
const TSX = createRequire(import.meta.url).resolve("tsx/cli");
// tsx's loader by its path: `--import tsx` would resolve it from the app's scratch folder.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

// Its blocks are fenced ```typescript no-check: ... (these files are type-checked here, not by the docs' block check).
const blocks = [...GUIDE.matchAll(/```typescript[^\n]*\n([\s\S]*?)```/g)].map((match) => match[1]!);

const cwd = mkdtempSync(join(tmpdir(), "viewsets-readme-users-"));
let port: number;
let env: NodeJS.ProcessEnv;
let server: ChildProcess | undefined;

/** `npx viewsets ...args` in the app's folder (its app.sqlite in `cwd`). */
function viewsets(args: string[], extra: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [TSX, "--conditions=source", MAIN, "--config", join(APP, "viewsets.config.ts"), ...args],
      { cwd, env: { ...env, ...extra }, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  port = await freePort();
  env = {
    ...process.env,
    PORT: String(port),
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    BETTER_AUTH_URL: `http://localhost:${port}`,
  };
});
afterAll(() => {
  server?.kill();
  rmSync(cwd, { recursive: true, force: true });
});

describe("the users guide", () => {
  it("shows the example's three files as they are", () => {
    expect(blocks).toEqual(
      ["src/auth.ts", "src/server.ts", "viewsets.config.ts"].map((file) => readFileSync(join(APP, file), "utf8")),
    );
  });

  it("goes from zero to a superuser, an editor and the editor's writes", async () => {
    const created = await viewsets(
      ["createsuperuser", "--noinput", "--username", "admin", "--email", "admin@example.com"],
      {
        VIEWSETS_SUPERUSER_PASSWORD: "plum-tractor-89",
      },
    );
    expect(created).toMatchObject({ code: 0, stdout: "Superuser created successfully.\n" });

    server = spawn(process.execPath, ["--import", TSX_LOADER, "--conditions=source", join(APP, "src/server.ts")], {
      cwd,
      env,
      stdio: "ignore",
    });
    const base = `http://localhost:${port}`;
    for (let i = 0; i < 150; i++) {
      if (
        await fetch(`${base}/api/v1/todos/`).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const json = { "content-type": "application/json" };
    const signUp = (username: string, password: string) =>
      fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: `${username}@example.com`, name: username, username, password }),
      });
    expect((await signUp("eddie", "correct-horse-42")).status).toBe(200);
    const weak = await signUp("bobby", "password");
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ errors: { password: ["This password is too common."] } });
    expect((await viewsets(["setrole", "eddie", "editor"])).code).toBe(0);

    const signIn = async (username: string, password: string) => {
      const response = await fetch(`${base}/api/auth/sign-in/username`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ username, password }),
      });
      const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
      const { csrfToken } = (await (
        await fetch(`${base}/api/auth/viewsets/csrf-token`, { headers: { cookie } })
      ).json()) as {
        csrfToken: string;
      };
      return { cookie, csrfToken };
    };
    const eddie = await signIn("eddie", "correct-horse-42");
    const write = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
      fetch(`${base}/api/v1/todos/${path}`, {
        method,
        headers: { ...json, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const posted = await write(
      "POST",
      "",
      { cookie: eddie.cookie, "x-csrf-token": eddie.csrfToken },
      { title: "Write docs" },
    );
    expect(posted.status).toBe(201);
    const forged = await write("POST", "", { cookie: eddie.cookie }, { title: "Forged" });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ detail: "CSRF Failed: CSRF token missing or incorrect." });
    expect((await write("DELETE", "1", { cookie: eddie.cookie, "x-csrf-token": eddie.csrfToken })).status).toBe(403);
    const anonymous = await fetch(`${base}/api/v1/todos/`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe('Bearer realm="api"');
    const admin = await signIn("admin", "plum-tractor-89");
    expect((await write("DELETE", "1", { cookie: admin.cookie, "x-csrf-token": admin.csrfToken })).status).toBe(204);
  }, 120_000);
});
