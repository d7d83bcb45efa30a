// Step 3: the books list filtered, searched, ordered and paged.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { createRouter } from "../src/app.js";
import { openDatabase } from "../src/db.js";
import { call, serve } from "./serve.js";

let api = "";
before(async () => {
  api = `${await serve(createRouter(openDatabase(":memory:")))}/api/v1`;
  await call(`${api}/authors/`, "POST", { name: "Ursula K. Le Guin", born: 1929 });
  await call(`${api}/authors/`, "POST", { name: "Italo Calvino", born: 1923 });
  const shelf = [
    { title: "A Wizard of Earthsea", authorId: 1, published: 1968, isbn: "9780553383041" },
    { title: "The Dispossessed", authorId: 1, published: 1974, isbn: "9780061054884" },
    { title: "Invisible Cities", authorId: 2, published: 1972, isbn: "9780156453806" },
    { title: "If on a Winter's Night a Traveler", authorId: 2, published: 1979, isbn: "9780156439619" },
  ];
  for (const book of shelf) assert.equal((await call(`${api}/books/`, "POST", book)).status, 201);
});

const titles = async (query: string) => {
  const answer = await call(`${api}/books/?${query}`);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.results.map((book: { title: string }) => book.title);
};

test("filters: a field, a lookup, a range", async () => {
  assert.deepEqual(await titles("authorId=2"), ["If on a Winter's Night a Traveler", "Invisible Cities"]);
  assert.deepEqual(await titles("published__gte=1974"), ["If on a Winter's Night a Traveler", "The Dispossessed"]);
  assert.deepEqual(await titles("published__range=1970,1973"), ["Invisible Cities"]);
  assert.deepEqual(await titles("title__icontains=EARTH"), ["A Wizard of Earthsea"]);
});

test("search and ordering", async () => {
  assert.deepEqual(await titles("search=cities"), ["Invisible Cities"]);
  assert.deepEqual(await titles("ordering=-published&page_size=2"), [
    "If on a Winter's Night a Traveler",
    "The Dispossessed",
  ]);
});

test("pages: count, next and previous", async () => {
  const first = await call(`${api}/books/?page_size=3`);
  assert.equal(first.body.count, 4);
  assert.equal(first.body.next, `${api}/books/?page_size=3&page=2`);
  const second = await call(first.body.next);
  assert.deepEqual(
    second.body.results.map((book: { title: string }) => book.title),
    ["The Dispossessed"],
  );
});

test("a filter value that does not fit its field is a 400 naming it", async () => {
  const answer = await call(`${api}/books/?published__gte=soon`);
  assert.equal(answer.status, 400);
  assert.deepEqual(Object.keys(answer.body.errors), ["published__gte"]);
});
