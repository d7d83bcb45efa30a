import { describe, expect, it, vi } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { ConfigurationError } from "../http/errors.js";
import { forwardedScheme } from "../http/forwarded.js";
import { defaultAllowedHosts } from "../http/hosts.js";
import { defineModel, type Model } from "../models/define-model.js";
import type { ApiRequest } from "../http/request.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { Router } from "./router.js";

const Note = defineModel({ name: "Note", fields: { id: { type: "int", primaryKey: true }, text: { type: "string" } } });
type NoteRow = typeof Note extends Model<infer Row> ? Row : never;

function routerWith(allowedHosts: string[]): Router {
  const router = new Router("/api", { allowedHosts, onError: () => {} });
  const notes = new MemoryManager<NoteRow>([{ id: 1, text: "one" }]);
  router.register("notes", new BaseViewSet({ serializer: () => new BaseSerializer(), queryset: notes, model: Note }));
  return router;
}

function get(host: string | undefined, origin = `http://${host ?? "127.0.0.1"}`): ApiRequest {
  return fakeRequest("GET", "/api/notes/1", { headers: host === undefined ? {} : { host }, origin });
}

const statusOf = async (router: Router, request: ApiRequest) => (await router.handle(request))?.status;

describe("allowedHosts", () => {
  it("refuses a host after a fine one and accepts the fine one again: a remembered answer is only ever the last fine pair", async () => {
    const router = routerWith(["api.example.com"]);
    expect(await statusOf(router, get("api.example.com"))).toBe(200);
    expect(await statusOf(router, get("evil.test"))).toBe(400);
    expect(await statusOf(router, get("api.example.com"))).toBe(200);
    // The same fine Host, with an origin naming another host: the origin is checked too.
    expect(await statusOf(router, get("api.example.com", "http://evil.test"))).toBe(400);
    expect(await statusOf(router, get("api.example.com", "http://api.example.com"))).toBe(200);
    // No Host header: the origin alone decides, and a fine Host seen before does not stand in for it.
    expect(await statusOf(router, get(undefined, "http://evil.test"))).toBe(400);
    expect(await statusOf(router, get(undefined, "http://api.example.com"))).toBe(200);
    expect(await statusOf(router, get("a b", "http://api.example.com"))).toBe(400);
  });

  it("checks the hosts given when the router was made, whatever happens to the caller's array later", async () => {
    const hosts = ["api.example.com"];
    const router = routerWith(hosts);
    hosts.push("evil.test");
    expect(await statusOf(router, get("evil.test"))).toBe(400);
    hosts.length = 0;
    expect(await statusOf(router, get("api.example.com"))).toBe(200);
  });
});

describe("defaultAllowedHosts", () => {
  it("is the local names in development, any host under a test runner, and none elsewhere", () => {
    expect(defaultAllowedHosts("")).toEqual(["localhost", ".localhost", "127.0.0.1", "[::1]"]);
    expect(defaultAllowedHosts("development")).toEqual(defaultAllowedHosts(""));
    expect(defaultAllowedHosts("test")).toEqual(["*"]);
    for (const env of ["production", "staging", "prod"]) expect(defaultAllowedHosts(env)).toBeNull();
  });

  it("makes a router without allowedHosts fail its startup check outside development, and refuse every host", async () => {
    vi.stubEnv("NODE_ENV", "production");
    try {
      const router = new Router("/api", { onError: () => {} });
      router.register(
        "notes",
        new BaseViewSet({
          serializer: () => new BaseSerializer(),
          queryset: new MemoryManager<NoteRow>([]),
          model: Note,
        }),
      );
      expect(router.checkConfiguration()?.message).toMatch(/allowedHosts is not set/);
      expect(() => router.assertReady()).toThrow(ConfigurationError);
      expect(await statusOf(router, get("localhost"))).toBe(400);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("forwardedScheme", () => {
  const withProto = (proto: string | undefined): ApiRequest => ({
    ...get("api.example.com"),
    headers:
      proto === undefined ? { host: "api.example.com" } : { host: "api.example.com", "x-forwarded-proto": proto },
  });

  it("believes the entry the outermost trusted proxy wrote, and nothing without a trusted proxy", () => {
    expect(forwardedScheme(withProto("https"), 0)).toBeUndefined();
    expect(forwardedScheme(withProto("https"), 1)).toBe("https");
    expect(forwardedScheme(withProto("HTTPS"), 1)).toBe("https");
    expect(forwardedScheme(withProto("https, http"), 1)).toBe("http");
    expect(forwardedScheme(withProto("http, https, http"), 2)).toBe("https");
    expect(forwardedScheme(withProto("https"), 3)).toBe("https");
    expect(forwardedScheme(withProto("gopher"), 1)).toBeUndefined();
    expect(forwardedScheme(withProto(undefined), 1)).toBeUndefined();
  });
});
