import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { getJSON, readJSONBody, readWriteBody } from "./body.js";
import type { ApiRequest } from "./request.js";

function request(
  body: string | null,
  headers: Record<string, string> = { "content-type": "application/json" },
): ApiRequest {
  // In chunks of 7 bytes: a multi-byte character may be cut between two.
  const bytes = body === null ? null : new TextEncoder().encode(body);
  const stream = bytes === null ? undefined : chunks(bytes);
  return { ...fakeRequest("POST", "/", { headers }), body: stream ? { kind: "stream", stream } : { kind: "none" } };
}

async function* chunks(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
}

describe("readJSONBody", () => {
  it("parses a body that arrives in chunks, multi-byte characters included", async () => {
    expect(await readJSONBody(request('{"name":"Crème brûlée ☕"}'))).toEqual({ name: "Crème brûlée ☕" });
  });

  it("returns undefined for an empty body", async () => {
    expect(await readJSONBody(request(""))).toBeUndefined();
    expect(await readJSONBody(request(null))).toBeUndefined();
  });

  it("refuses a body over the limit while reading, and a declared one before", async () => {
    await expect(readJSONBody(request(JSON.stringify({ a: "x".repeat(100) })), 50)).rejects.toMatchObject({
      status: 413,
    });
    await expect(
      readJSONBody(request("{}", { "content-type": "application/json", "content-length": "5000" }), 100),
    ).rejects.toMatchObject({ status: 413 });
  });

  it("refuses other content types with 415 and malformed JSON with 400", async () => {
    await expect(
      readJSONBody(request("a=1", { "content-type": "application/x-www-form-urlencoded" })),
    ).rejects.toMatchObject({ status: 415 });
    await expect(readJSONBody(request("{}", {}))).rejects.toMatchObject({ status: 415 });
    await expect(readJSONBody(request("{oops"))).rejects.toMatchObject({
      status: 400,
      message: "Malformed JSON in request body.",
    });
  });

  it("uses a body the app already parsed", async () => {
    const parsed: ApiRequest = { ...request(null), body: { kind: "parsed", value: { ok: true } } };
    expect(await getJSON(parsed)).toEqual({ ok: true });
  });
});

describe("readWriteBody", () => {
  it("reads a form as its last value per key, and keeps 415 for other media types", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded; charset=utf-8" };
    expect(await readWriteBody(request("name=Cr%C3%A8me+br%C3%BBl%C3%A9e&a=1&a=2", form))).toEqual({
      name: "Crème brûlée",
      a: "2",
    });
    await expect(
      readWriteBody(request("x", { "content-type": "multipart/form-data; boundary=x" })),
    ).rejects.toMatchObject({ status: 415 });
    // getJSON (custom actions) stays JSON only.
    await expect(readJSONBody(request("a=1", form))).rejects.toMatchObject({ status: 415 });
  });
});

describe("a body stream that fails", () => {
  it("is the client going away (499), not a server failure", async () => {
    async function* cut(): AsyncIterable<Uint8Array> {
      yield new TextEncoder().encode('{"a":');
      throw Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    }
    const broken: ApiRequest = { ...request(null), body: { kind: "stream", stream: cut() } };
    await expect(readJSONBody(broken)).rejects.toMatchObject({ status: 499, name: "ClientClosedRequest" });
  });
});
