import { describe, expect, it } from "vitest";
import type { RequestContext } from "../http/request.js";
import { defineModel, type Model } from "../models/define-model.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { callCore } from "../testing/fake-request.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "./base-viewset.js";
import { ViewContext } from "./view-context.js";

const Note = defineModel({
  name: "Note",
  fields: { id: { type: "int", primaryKey: true }, title: { type: "string" } },
});
type NoteRow = typeof Note extends Model<infer Row> ? Row : never;

/** A manager that notes, per call, whether its context said the request only reads. */
class RecordingManager extends MemoryManager<NoteRow> {
  readonly seen: string[] = [];
  private note(method: string, ctx: RequestContext): void {
    this.seen.push(`${method}:${ctx.readsOnly === true ? "reads" : "may write"}`);
  }
  override all(ctx: RequestContext) {
    this.note("all", ctx);
    return super.all(ctx);
  }
  override get(ctx: RequestContext, id: number | bigint) {
    this.note("get", ctx);
    return super.get(ctx, id);
  }
  override update(ctx: RequestContext, obj: NoteRow) {
    this.note("update", ctx);
    return super.update(ctx, obj);
  }
}

describe("RequestContext.readsOnly", () => {
  const notes = new RecordingManager([{ id: 1, title: "First" }]);
  const router = new Router("/api", { onError: () => {} });
  router.register("notes", new BaseViewSet({ serializer: () => new BaseSerializer(), queryset: notes, model: Note }));
  router.action("notes", "rename", { methods: ["GET"], detail: true }, async (req) => {
    // A custom action may write even on GET: its context never says it only reads.
    const ctx = ViewContext.of(req);
    const row = (await notes.get(ctx, Number(req.params?.id)))!;
    await notes.update(ctx, { ...row, title: "Renamed" });
    return { status: 204, headers: {}, body: null };
  });

  it("is set for the standard list and retrieve (GET and HEAD), and never for a route that writes", async () => {
    const calls = async (method: string, path: string, body?: unknown) => {
      notes.seen.length = 0;
      const reply = await callCore(router, method, path, { body });
      expect(reply.status).toBeLessThan(300);
      return [...notes.seen];
    };
    expect(await calls("GET", "/api/notes/")).toEqual(["all:reads"]);
    expect(await calls("GET", "/api/notes/1")).toEqual(["get:reads"]);
    expect(await calls("HEAD", "/api/notes/1")).toEqual(["get:reads"]);
    expect(await calls("PATCH", "/api/notes/1", { title: "Second" })).toEqual(["get:may write", "update:may write"]);
    expect(await calls("PUT", "/api/notes/1", { title: "Third" })).toEqual(["get:may write", "update:may write"]);
    expect(await calls("DELETE", "/api/notes/1")).toEqual(["get:may write"]);
  });

  it("is not set for a custom action, whatever its method", async () => {
    notes.rows.set("2", { id: 2, title: "Two" });
    notes.seen.length = 0;
    const reply = await callCore(router, "GET", "/api/notes/2/rename/");
    expect(reply.status).toBe(204);
    expect(notes.seen).toEqual(["get:may write", "update:may write"]);
    expect(notes.rows.get("2")!.title).toBe("Renamed");
  });
});
