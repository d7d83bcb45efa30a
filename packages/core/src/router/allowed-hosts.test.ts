import { describe, expect, it } from "vitest";
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
  return {
    method: "GET",
    path: "/api/notes/1",
    rawQuery: "",
    headers: host === undefined ? {} : { host },
    origin,
    remoteAddress: "127.0.0.1",
    body: { kind: "none" },
  };
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
