/**
 * Optimistic concurrency under a real race: two clients PATCH one record with the tag they both
 * read. Exactly one write may land (200); the other must be told the record changed (412), and
 * the row holds the winner's values. Served by each framework, on each database.
 */
import { Router } from "@viewsets/core";
import { fetchReply } from "@viewsets/core/testing";
import { FRAMEWORKS, serve } from "@viewsets/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelViewSet } from "../src/index.js";
import { DATABASES, type TestDatabase } from "./databases.js";

const ROUNDS = 30;

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown> | null;
}

async function call(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer & { etag: string | null }> {
  const reply = await fetchReply(url, method, { body, headers });
  return { status: reply.status, body: reply.json ?? null, etag: reply.headers.get("etag") };
}

for (const setup of DATABASES) {
  describe.skipIf(setup.skipReason !== undefined)(`If-Match under a race on ${setup.name}`, () => {
    let database: TestDatabase;
    let router: Router;

    beforeAll(async () => {
      database = await setup.connect();
      router = new Router("/api");
      // No `atomic`: a conditional write must be one step by itself.
      router.register("products", modelViewSet(database.db as never, database.products as never));
    });
    afterAll(() => database.close());

    for (const framework of FRAMEWORKS) {
      it(`${framework}: two PATCHes with one tag make one 200 and one 412, ${ROUNDS} rounds`, async () => {
        const served = await serve(framework, [router]);
        try {
          const created = await call(`${served.url}/api/products/`, "POST", {
            name: "Lamp",
            sku: `race-${framework}`,
            price: "10.00",
          });
          expect(created.status).toBe(201);
          const url = `${served.url}/api/products/${created.body!.id}`;
          for (let round = 0; round < ROUNDS; round++) {
            const { etag } = await call(url, "GET");
            expect(etag).toBeTruthy();
            const names = [`left ${round}`, `right ${round}`];
            const answers = await Promise.all(names.map((name) => call(url, "PATCH", { name }, { "if-match": etag! })));
            expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
            const winner = answers.find((answer) => answer.status === 200)!;
            const stored = await call(url, "GET");
            expect(stored.body!.name).toBe(winner.body!.name);
          }
        } finally {
          await served.close();
        }
      });
    }

    it("a DELETE and a PATCH with one tag: one lands, the other is refused, nothing half-done", async () => {
      const served = await serve("express", [router]);
      try {
        for (let round = 0; round < 10; round++) {
          const created = await call(`${served.url}/api/products/`, "POST", {
            name: "Lamp",
            sku: `del-${round}`,
            price: "10.00",
          });
          const url = `${served.url}/api/products/${created.body!.id}`;
          const { etag } = await call(url, "GET");
          const [patch, remove] = await Promise.all([
            call(url, "PATCH", { name: "changed" }, { "if-match": etag! }),
            call(url, "DELETE", undefined, { "if-match": etag! }),
          ]);
          const after = await call(url, "GET");
          if (remove.status === 204) {
            // The PATCH waited for the DELETE's lock and found the row gone (404), or was checked after it (412).
            expect([404, 412]).toContain(patch.status);
            expect(after.status).toBe(404);
          } else {
            expect(remove.status).toBe(412);
            expect(patch.status).toBe(200);
            expect(after.body!.name).toBe("changed");
          }
        }
      } finally {
        await served.close();
      }
    });
  });
}
