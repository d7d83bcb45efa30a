// Step 4: anyone reads; a member may borrow but not shelve a book; a librarian may do both; a cookie's write needs CSRF.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { createRouter } from "../src/app.js";
import { createAuth } from "../src/auth.js";
import { openDatabase } from "../src/db.js";
import { person } from "./people.js";
import { call, serve } from "./serve.js";

const db = openDatabase(":memory:");
const auth = createAuth(db);
let base = "";
let librarian: Record<string, string> = {};
let member: Record<string, string> = {};
before(async () => {
  base = await serve(auth, createRouter(db, auth));
  librarian = await person(base, db, "lena", "librarian");
  member = await person(base, db, "milo", "member");
});

const book = { title: "The Left Hand of Darkness", authorId: 1, published: 1969, isbn: "9780441478125" };

test("anonymous requests read, and are asked to sign in to write", async () => {
  assert.equal((await call(`${base}/api/v1/books/`)).status, 200);
  const refused = await call(`${base}/api/v1/authors/`, "POST", { name: "Ursula K. Le Guin" });
  assert.equal(refused.status, 401);
  assert.match(refused.headers.get("www-authenticate") ?? "", /^Bearer/);
});

test("a librarian shelves books; a member borrows them but may not shelve one", async () => {
  const author = await call(`${base}/api/v1/authors/`, "POST", { name: "Ursula K. Le Guin" }, librarian);
  assert.equal(author.status, 201);
  assert.equal((await call(`${base}/api/v1/books/`, "POST", book, librarian)).status, 201);

  const shelved = await call(`${base}/api/v1/books/`, "POST", { ...book, isbn: "9780441478126" }, member);
  assert.equal(shelved.status, 403);
  assert.equal((await call(`${base}/api/v1/books/`)).body.count, 1);

  const loan = await call(`${base}/api/v1/loans/`, "POST", { bookId: 1, borrower: "milo" }, member);
  assert.equal(loan.status, 201);
  assert.equal((await call(`${base}/api/v1/loans/1`, "DELETE", undefined, member)).status, 403);
});

test("a password Django would refuse is a 400 naming the field", async () => {
  const weak = await call(
    `${base}/api/auth/sign-up/email`,
    "POST",
    {
      email: "weak@example.com",
      name: "weak",
      username: "weak",
      password: "password",
    },
    { origin: base },
  );
  assert.equal(weak.status, 400);
  assert.deepEqual(weak.body.errors.password, ["This password is too common."]);
});
