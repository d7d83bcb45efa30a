/** Conditional requests: a read's ETag and 304 (If-None-Match), a write's If-Match and 412. */
import { describe, expect, it } from "vitest";
import { PreconditionFailed } from "../http/errors.js";
import { weakETag } from "../http/etag.js";
import { fakeRequest } from "../testing/fake-request.js";
import { checkIfMatch, taggedJSON } from "./conditional.js";

const record = { id: 7, name: "Lamp" };
const tag = weakETag(JSON.stringify(record));

describe("taggedJSON", () => {
  it("tags a read, and answers 304 with the tag and no body when If-None-Match names it", () => {
    const fresh = taggedJSON(fakeRequest("GET", "/items/7"), 200, record);
    expect(fresh).toMatchObject({ status: 200, headers: { ETag: tag } });
    expect(JSON.parse(fresh.body as string)).toEqual(record);
    const current = taggedJSON(fakeRequest("GET", "/items/7", { headers: { "if-none-match": tag } }), 200, record);
    expect(current).toEqual({ status: 304, headers: { ETag: tag }, body: null });
    const stale = taggedJSON(fakeRequest("GET", "/items/7", { headers: { "if-none-match": 'W/"old"' } }), 200, record);
    expect(stale.status).toBe(200);
  });

  it("never answers 304 to a write, whatever If-None-Match says", () => {
    for (const method of ["POST", "PUT", "PATCH"]) {
      const reply = taggedJSON(fakeRequest(method, "/items/7", { headers: { "if-none-match": "*" } }), 200, record);
      expect(reply.status, method).toBe(200);
      expect(reply.headers.ETag, method).toBe(tag);
    }
  });
});

describe("checkIfMatch", () => {
  const check = (ifMatch?: string) =>
    checkIfMatch(
      fakeRequest("PUT", "/items/7", { headers: ifMatch === undefined ? {} : { "if-match": ifMatch } }),
      async () => record,
    );

  it("lets a write through without If-Match, or when it names the record's current tag or *", async () => {
    for (const ifMatch of [undefined, tag, `W/"other", ${tag}`, "*"])
      await expect(check(ifMatch)).resolves.toBeUndefined();
  });

  it("refuses a write whose If-Match names another version with 412", async () => {
    for (const ifMatch of ['W/"other"', '"other"', ""]) {
      await expect(check(ifMatch)).rejects.toBeInstanceOf(PreconditionFailed);
      await expect(check(ifMatch)).rejects.toMatchObject({ status: 412 });
    }
  });

  it("does not load the record without If-Match", async () => {
    let loaded = 0;
    await checkIfMatch(fakeRequest("PUT", "/items/7"), () => {
      loaded++;
      return record;
    });
    expect(loaded).toBe(0);
  });
});
