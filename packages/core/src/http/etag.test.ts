import { describe, expect, it } from "vitest";
import { etagMatches, weakETag } from "./etag.js";

describe("weakETag", () => {
  it("is a weak tag that changes with the body and stays with it", () => {
    const tag = weakETag('{"id":1,"name":"Lamp"}');
    expect(tag).toMatch(/^W\/"[0-9a-z]+\.[0-9a-z]+-[0-9a-z]+"$/);
    expect(weakETag('{"id":1,"name":"Lamp"}')).toBe(tag);
    expect(weakETag('{"id":1,"name":"Lamb"}')).not.toBe(tag);
    expect(weakETag('{"id":1,"name":"Lamp "}')).not.toBe(tag);
  });

  it("tags a long body by a SHA-1, which changes with any character of it", () => {
    const body = JSON.stringify(Array.from({ length: 40 }, (_, id) => ({ id, name: `Lamp ${id}` })));
    const long = body.padEnd(4000, " ");
    const tag = weakETag(long);
    expect(tag).toMatch(/^W\/"[0-9A-Za-z_-]{27}-[0-9a-z]+"$/);
    expect(weakETag(long)).toBe(tag);
    expect(weakETag(`${long.slice(0, 3000)}x${long.slice(3001)}`)).not.toBe(tag);
  });

  it("gives different tags to same-length bodies that differ anywhere, in a short body's every place", () => {
    const body = '{"id":12,"name":"Lamp","price":"19.99","status":"live"}';
    const tags = new Set([weakETag(body)]);
    for (let i = 0; i < body.length; i++) {
      const changed = `${body.slice(0, i)}${body[i] === "9" ? "8" : "9"}${body.slice(i + 1)}`;
      tags.add(weakETag(changed));
    }
    expect(tags.size).toBe(body.length + 1);
    // Swapped neighbours and a non-ASCII character change it as well.
    expect(weakETag('{"a":"12"}')).not.toBe(weakETag('{"a":"21"}'));
    expect(weakETag('{"a":"é"}')).not.toBe(weakETag('{"a":"e"}'));
  });
});

describe("etagMatches", () => {
  const tag = weakETag("body");
  it("compares weakly, in lists, and matches * to anything", () => {
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(tag.slice(2), tag)).toBe(true);
    expect(etagMatches(`W/"other", ${tag}`, tag)).toBe(true);
    expect(etagMatches("*", tag)).toBe(true);
    expect(etagMatches(" * ", tag)).toBe(true);
    expect(etagMatches('W/"other"', tag)).toBe(false);
    expect(etagMatches("", tag)).toBe(false);
  });
});
