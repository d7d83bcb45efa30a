import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { AuthenticationFailed } from "../http/errors.js";
import type { ApiRequest } from "../http/request.js";
import { appUserAuthentication, basicAuthentication, bearerTokenAuthentication } from "./authenticators.js";

function request(authorization?: string, appUser?: () => unknown): ApiRequest {
  return fakeRequest("GET", "/api/things/", {
    headers: authorization === undefined ? {} : { authorization },
    origin: "http://localhost",
    ...(appUser && { appUser }),
  });
}

async function failure(promise: unknown): Promise<AuthenticationFailed> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AuthenticationFailed);
    return error as AuthenticationFailed;
  }
  throw new Error("expected AuthenticationFailed");
}

const basic = (text: string) => `Basic ${Buffer.from(text, "utf8").toString("base64")}`;

describe("bearerTokenAuthentication", () => {
  const users: Record<string, { id: number }> = { "s3cr3t-token": { id: 1 } };
  const auth = bearerTokenAuthentication({ verify: (token) => users[token] ?? null });

  it("signs in a good token, with the token as auth", async () => {
    expect(await auth.authenticate(request("Bearer s3cr3t-token"))).toEqual({ user: { id: 1 }, auth: "s3cr3t-token" });
    expect(await auth.authenticate(request("bearer   s3cr3t-token  "))).toEqual({
      user: { id: 1 },
      auth: "s3cr3t-token",
    });
  });

  it("answers null without a header or for another scheme", async () => {
    expect(await auth.authenticate(request())).toBeNull();
    expect(await auth.authenticate(request(""))).toBeNull();
    expect(await auth.authenticate(request("Basic YTpi"))).toBeNull();
    expect(await auth.authenticate(request("Bearers abc"))).toBeNull();
  });

  it("rejects a wrong token with 401 and an invalid_token challenge", async () => {
    const error = await failure(auth.authenticate(request("Bearer nope")));
    expect(error.status).toBe(401);
    expect(error.message).toBe("Invalid token.");
    expect(error.headers["WWW-Authenticate"]).toBe('Bearer realm="api", error="invalid_token"');
  });

  it("rejects a malformed header with 401", async () => {
    expect((await failure(auth.authenticate(request("Bearer")))).message).toMatch(/No credentials provided/);
    expect((await failure(auth.authenticate(request("Bearer a b")))).message).toMatch(/must not contain spaces/);
    expect((await failure(auth.authenticate(request("Bearer tøken")))).status).toBe(401);
  });

  it("passes the request to verify and awaits it", async () => {
    let seen: ApiRequest | undefined;
    const asyncAuth = bearerTokenAuthentication({
      verify: async (token, req) => {
        seen = req;
        return token === "ok" ? { id: 2 } : undefined;
      },
    });
    const req = request("Bearer ok");
    expect(await asyncAuth.authenticate(req)).toEqual({ user: { id: 2 }, auth: "ok" });
    expect(seen).toBe(req);
    await failure(asyncAuth.authenticate(request("Bearer bad")));
  });

  it("challenges with its realm, quoted safely, and a keyword of your choice", async () => {
    expect(auth.challenge?.(request())).toBe('Bearer realm="api"');
    expect(bearerTokenAuthentication({ verify: () => null, realm: 'my "shop"' }).challenge?.(request())).toBe(
      'Bearer realm="my \\"shop\\""',
    );
    const token = bearerTokenAuthentication({ verify: (t) => (t === "abc" ? { id: 3 } : null), keyword: "Token" });
    expect(await token.authenticate(request("Token abc"))).toEqual({ user: { id: 3 }, auth: "abc" });
    expect(await token.authenticate(request("Bearer abc"))).toBeNull();
    expect(token.challenge?.(request())).toBe('Token realm="api"');
  });

  it("describes itself for the OpenAPI document", () => {
    expect(auth.securityScheme).toEqual({ name: "bearerAuth", scheme: { type: "http", scheme: "bearer" } });
    const token = bearerTokenAuthentication({ verify: () => null, keyword: "Token" });
    expect(token.securityScheme).toMatchObject({
      name: "tokenAuth",
      scheme: { type: "apiKey", in: "header", name: "Authorization" },
    });
  });
});

describe("basicAuthentication", () => {
  const auth = basicAuthentication({
    verify: (username, password) => (username === "ann" && password === "pa:ss wörd" ? { id: 1, username } : null),
  });

  it("signs in good credentials, with a colon and UTF-8 in the password", async () => {
    expect(await auth.authenticate(request(basic("ann:pa:ss wörd")))).toEqual({ user: { id: 1, username: "ann" } });
  });

  it("accepts Latin-1 from older clients", async () => {
    const latin1 = `Basic ${Buffer.from("ann:pa:ss wörd", "latin1").toString("base64")}`;
    expect(await auth.authenticate(request(latin1))).toEqual({ user: { id: 1, username: "ann" } });
  });

  it("accepts base64 without padding", async () => {
    const unpadded = basic("ann:pa:ss wörd").replace(/=+$/, "");
    expect(await auth.authenticate(request(unpadded))).not.toBeNull();
  });

  it("answers null without a header or for another scheme", async () => {
    expect(await auth.authenticate(request())).toBeNull();
    expect(await auth.authenticate(request("Bearer abc"))).toBeNull();
  });

  it("rejects wrong credentials with 401 and a Basic challenge", async () => {
    const error = await failure(auth.authenticate(request(basic("ann:wrong"))));
    expect(error.status).toBe(401);
    expect(error.headers["WWW-Authenticate"]).toBe('Basic realm="api"');
    expect(error.message).toBe("Invalid username/password.");
  });

  it.each(["Basic", "Basic !!!!", "Basic YWJj=d", "Basic a", "Basic YW Jj", "Basic ====", `Basic ${btoa("no-colon")}`])(
    "answers 401, not 500, for the malformed %j",
    async (header) => {
      const error = await failure(auth.authenticate(request(header)));
      expect(error.status).toBe(401);
      expect(error.headers["WWW-Authenticate"]).toBe('Basic realm="api"');
    },
  );

  it("challenges with its realm", () => {
    expect(auth.challenge?.(request())).toBe('Basic realm="api"');
    expect(basicAuthentication({ verify: () => null, realm: "admin" }).challenge?.(request())).toBe(
      'Basic realm="admin"',
    );
    expect(auth.securityScheme).toEqual({ name: "basicAuth", scheme: { type: "http", scheme: "basic" } });
  });
});

describe("appUserAuthentication", () => {
  const auth = appUserAuthentication();

  it("takes the user the app's middleware signed in", async () => {
    expect(await auth.authenticate(request(undefined, () => ({ id: 5 })))).toEqual({ user: { id: 5 } });
  });

  it("answers null when there is none, or no adapter hook", async () => {
    expect(await auth.authenticate(request(undefined, () => undefined))).toBeNull();
    expect(await auth.authenticate(request(undefined, () => null))).toBeNull();
    expect(await auth.authenticate(request())).toBeNull();
  });

  it("has no challenge", () => {
    expect(auth.challenge).toBeUndefined();
  });
});
