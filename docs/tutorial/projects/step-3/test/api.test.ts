// Step 2: the six routes of each viewset, answering as Django REST Framework would.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createRouter } from "../src/app.js";
import { openDatabase } from "../src/db.js";
import { call, serve } from "./serve.js";

test("authors and books: create, list, retrieve, update, destroy", async () => {
  const api = `${await serve(createRouter(openDatabase(":memory:")))}/api/v1`;

  const author = await call(`${api}/authors/`, "POST", { name: "Ursula K. Le Guin", born: 1929 });
  assert.equal(author.status, 201);
  assert.deepEqual(author.body, { id: 1, name: "Ursula K. Le Guin", born: 1929 });
  assert.equal(author.headers.get("location"), `${api}/authors/1`);

  const book = { title: "A Wizard of Earthsea", authorId: 1, published: 1968, isbn: "9780553383041" };
  assert.equal((await call(`${api}/books/`, "POST", book)).status, 201);

  const list = await call(`${api}/books/`);
  assert.equal(list.status, 200);
  assert.deepEqual(list.body, { count: 1, next: null, previous: null, results: [{ id: 1, ...book }] });

  const patched = await call(`${api}/books/1`, "PATCH", { published: 1969 });
  assert.equal(patched.body.published, 1969);
  assert.equal((await call(`${api}/books/1`, "DELETE")).status, 204);
  assert.equal((await call(`${api}/books/1`)).status, 404);
});

test("a bad body is a 400 naming each field, and nothing is written", async () => {
  const api = `${await serve(createRouter(openDatabase(":memory:")))}/api/v1`;
  const bad = await call(`${api}/books/`, "POST", { published: "soon" });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body.errors, {
    title: ["This field is required."],
    authorId: ["This field is required."],
    published: ["A valid integer is required."],
    isbn: ["This field is required."],
  });
  await call(`${api}/authors/`, "POST", { name: "Anonymous" });
  const blank = await call(`${api}/books/`, "POST", { title: " ", authorId: 1, published: 1800, isbn: "1" });
  assert.deepEqual(blank.body.errors, { title: ["This field may not be blank."] });
  assert.equal((await call(`${api}/books/`)).body.count, 0);
});

test("a loan's time is ISO 8601 text, filled in by the database", async () => {
  const api = `${await serve(createRouter(openDatabase(":memory:")))}/api/v1`;
  await call(`${api}/authors/`, "POST", { name: "Italo Calvino" });
  await call(`${api}/books/`, "POST", {
    title: "Invisible Cities",
    authorId: 1,
    published: 1972,
    isbn: "9780156453806",
  });
  const loan = await call(`${api}/loans/`, "POST", { bookId: 1, borrower: "ada" });
  assert.equal(loan.status, 201);
  assert.match(loan.body.loanedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.equal(loan.body.returned, false);
});
