/** The serializer part of the adapter contract: declared fields through a real server. */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { fetchReply } from "./reply.js";
import { casesOf } from "./skips.js";
import type { AdapterContractOptions, ContractServer } from "./contract-options.js";
import { blogApp } from "./blog-fixtures.js";

/**
 * Related and computed fields and sparse fieldsets over HTTP: the same answers on every adapter.
 * Run by `runAdapterContract`.
 */
export function runSerializerContract(options: AdapterContractOptions): void {
  describe(`serializer contract: ${options.name}`, () => {
    let server: ContractServer;
    let api: string;

    beforeAll(async () => {
      server = await options.serve(blogApp().router, {});
      api = `${server.url}/api/posts`;
    });
    afterAll(() => server.close());

    const it = casesOf(options);
    const post = (body: unknown) => fetchReply(`${api}/`, "POST", { body });

    it("shows related fields nested and by one field, and computed fields, on list and retrieve", async () => {
      const list = await fetchReply(`${api}/?page_size=2`);
      expect(list.status).toBe(200);
      expect(list.json.results[1]).toEqual({
        id: 2,
        title: "post 2",
        body: "word word",
        authorId: 3,
        editor: null,
        author: { id: 3, name: "user 3" },
        authorName: "user 3",
        words: 2,
        viewer: null,
      });
      const one = await fetchReply(`${api}/3`);
      expect(one.json).toMatchObject({ author: { id: 1, name: "user 1" }, editor: "user 1", words: 3 });
    });

    it("narrows list and retrieve to ?fields= and ?omit=", async () => {
      const list = await fetchReply(`${api}/?fields=id,authorName&page_size=2`);
      expect(list.json.results).toEqual([
        { id: 1, authorName: "user 2" },
        { id: 2, authorName: "user 3" },
      ]);
      expect(new URL(list.json.next).searchParams.get("fields")).toBe("id,authorName");
      const one = await fetchReply(`${api}/1/?omit=body,author,viewer,authorName`);
      expect(one.json).toEqual({ id: 1, title: "post 1", authorId: 2, editor: "user 2", words: 1 });
    });

    it("answers an unknown name in ?fields= or ?omit= with a 400 naming it", async () => {
      for (const url of [`${api}/?fields=id,nope`, `${api}/1?omit=email`]) {
        const bad = await fetchReply(url);
        expect(bad.status).toBe(400);
        expect(bad.headers.get("content-type")).toBe("application/problem+json");
        expect(JSON.stringify(bad.json.errors)).toMatch(/nope|email/);
      }
    });

    it("writes a writable related field by the target's id, and answers 400 for an id that names no row", async () => {
      const created = await post({ title: "hello", body: "a b", author: 2 });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ authorId: 2, author: { id: 2, name: "user 2" }, words: 2 });
      const missing = await post({ title: "hello", body: "a b", author: 404 });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.json.errors)).toEqual(["author"]);
    });
  });
}
