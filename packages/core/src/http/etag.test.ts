import { describe, expect, it } from "vitest";
import { etagMatches, weakETag } from "./etag.js";

describe("weakETag", () => {
  it("is a weak tag that changes with the body and stays with it", () => {
    const tag = weakETag('{"id":1,"name":"Lamp"}');
    expect(tag).toMatch(/^W\/"[0-9A-Za-z_-]+-[0-9a-z]+"$/);
    expect(weakETag('{"id":1,"name":"Lamp"}')).toBe(tag);
    expect(weakETag('{"id":1,"name":"Lamb"}')).not.toBe(tag);
    expect(weakETag('{"id":1,"name":"Lamp "}')).not.toBe(tag);
  });
});

describe("etagMatches", () => {
  const tag = weakETag("body");
  it("compares weakly, in lists, and matches * to anything", () => {
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(tag.slice(2), tag)).toBe(true);
    expect(etagMatches(`W/"other", ${tag}`, tag)).toBe(true);
    expect(etagMatches("*", tag)).toBe(true);
    expect(etagMatches('W/"other"', tag)).toBe(false);
    expect(etagMatches("", tag)).toBe(false);
  });
});
