/**
 * A small app for the docs tests and the CLI test: authentication, permissions, a throttle, a
 * model with its own valibot schema, an action with schemas, and a custom (non-Base) viewset.
 */
import * as v from "valibot";
import { basicAuthentication, bearerTokenAuthentication, isAuthenticatedOrReadOnly } from "../../auth/index.js";
import type { Authenticator } from "../../auth/authentication.js";
import { sendJSON } from "../../http/respond.js";
import { defineModel } from "../../models/define-model.js";
import { Router } from "../../router/router.js";
import { BaseSerializer } from "../../serializers/base-serializer.js";
import { MemoryManager } from "../../testing/memory-manager.js";
import { countingThrottle } from "../../testing/fixtures.js";
import { BaseViewSet } from "../../viewsets/base-viewset.js";
import type { ViewSet } from "../../viewsets/viewset.js";
import { OpenAPIGenerator } from "../openapi.js";

export const Note = defineModel({
  name: "Note",
  fields: {
    id: { type: "int", primaryKey: true },
    title: { type: "string", maxLength: 120 },
    body: { type: "text", nullable: true },
    priority: { type: "int", choices: [1, 2, 3] },
    due: { type: "date", nullable: true },
    remindAt: { type: "time", nullable: true },
    meta: { type: "json", nullable: true },
    updatedAt: { type: "time", editable: false },
  },
  schema: v.object({
    title: v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(120),
      v.description("What the note is about."),
      v.examples(["Buy milk"]),
    ),
    body: v.optional(v.nullable(v.string())),
    priority: v.picklist([1, 2, 3]),
    due: v.optional(v.nullable(v.pipe(v.string(), v.isoDate()))),
    remindAt: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.isoTimestamp(),
          v.transform((text) => new Date(text)),
        ),
      ),
    ),
    meta: v.optional(v.nullable(v.record(v.string(), v.unknown()))),
  }),
});

type NoteRow = typeof Note extends { __row?: infer Row } ? NonNullable<Row> : never;

/** Challenges with "Bearer" but declares no scheme: the docs read the challenge. */
const legacyToken: Authenticator = {
  authenticate: () => null,
  challenge: () => 'Bearer realm="legacy"',
};

/** A viewset that is not a BaseViewSet: the docs can only list its routes. */
const health: ViewSet & { readOnly: boolean } = {
  readOnly: true,
  async handle() {
    return sendJSON(200, { ok: true });
  },
};

export const router = new Router("/api/v2");
router.register(
  "notes",
  new BaseViewSet({
    serializer: () => new BaseSerializer(),
    queryset: new MemoryManager<NoteRow>([]),
    model: Note,
    searchFields: ["title", "body"],
    orderingFields: ["title", "priority", "due"],
    filterFields: ["priority", "due", "body"],
    ordering: ["-priority"],
    authentication: [
      bearerTokenAuthentication({ verify: () => null }),
      basicAuthentication({ verify: () => null }),
      legacyToken,
    ],
    permissions: [isAuthenticatedOrReadOnly],
    throttles: [countingThrottle(100)],
    pageSize: 10,
    maxPageSize: 50,
  }),
);
router.register("health", health);
router.action(
  "notes",
  "archive",
  {
    methods: ["POST"],
    detail: true,
    summary: "Archive a note",
    description: "Moves the note to the archive.",
    requestSchema: v.object({ reason: v.optional(v.string()), until: v.nullable(v.pipe(v.string(), v.isoDate())) }),
    responseSchema: v.object({ archived: v.literal(true), id: v.number() }),
  },
  async (request) => sendJSON(200, { archived: true, id: Number(request.params?.id) }),
);
router.action("notes", "export", { methods: ["GET", "HEAD"] }, async () => sendJSON(200, []));

export const generator = new OpenAPIGenerator("Notes API", "2.0.0");
generator.description = "Notes, for the docs tests.";
generator.include(router);
