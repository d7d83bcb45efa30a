// Step 5: returning a loan (checked, atomic, shown as a retrieve shows it), the books on loan, and the admin.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { createLibraryAdmin } from "../src/admin.js";
import { createRouter, libraryViewSets } from "../src/app.js";
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
  base = await serve(auth, createRouter(db, auth), createLibraryAdmin(db, auth, libraryViewSets(db)));
  librarian = await person(base, db, "lena", "librarian");
  member = await person(base, db, "milo", "member");
  await call(`${base}/api/v1/authors/`, "POST", { name: "Octavia E. Butler" }, librarian);
  const kindred = { title: "Kindred", authorId: 1, published: 1979, isbn: "9780807083697" };
  await call(`${base}/api/v1/books/`, "POST", kindred, librarian);
  await call(
    `${base}/api/v1/books/`,
    "POST",
    { ...kindred, title: "Dawn", published: 1987, isbn: "9780446603775" },
    librarian,
  );
  await call(`${base}/api/v1/loans/`, "POST", { bookId: 2, borrower: "milo" }, member);
});

test("the books on loan, then a loan returned", async () => {
  assert.deepEqual((await call(`${base}/api/v1/books/on-loan`)).body, { bookIds: [2] });
  assert.equal((await call(`${base}/api/v1/loans/1/return`, "POST", undefined, member)).status, 403);
  const returned = await call(`${base}/api/v1/loans/1/return`, "POST", undefined, librarian);
  assert.equal(returned.status, 200);
  assert.equal(returned.body.returned, true);
  assert.deepEqual((await call(`${base}/api/v1/books/on-loan`)).body, { bookIds: [] });
  const again = await call(`${base}/api/v1/loans/1/return`, "POST", undefined, librarian);
  assert.equal(again.status, 400);
  assert.deepEqual(again.body.errors, { non_field_errors: ["This loan was already returned."] });
  assert.equal((await call(`${base}/api/v1/loans/99/return`, "POST", undefined, librarian)).status, 404);
});

test("a librarian signs in to the admin and searches the books; a member may not", async () => {
  const signIn = async (username: string, password = "correct-horse-42") => {
    const answer = await call(`${base}/admin/api/session`, "POST", { username, password });
    return { ...answer, cookie: (answer.headers.get("set-cookie") ?? "").split(";")[0]! };
  };
  assert.equal((await signIn("lena", "not-her-password")).status, 401);

  const lena = await signIn("lena");
  assert.equal(lena.status, 200);
  assert.equal(lena.body.user.isStaff, true);
  const rows = await call(`${base}/admin/api/models/books/rows/?search=dawn`, "GET", undefined, {
    cookie: lena.cookie,
  });
  assert.equal(rows.status, 200);
  assert.deepEqual(
    rows.body.results.map((book: { title: string }) => book.title),
    ["Dawn"],
  );

  const milo = await signIn("milo");
  assert.equal(milo.body.user?.isStaff ?? false, false);
  const refused = await call(`${base}/admin/api/models/books/rows/`, "GET", undefined, { cookie: milo.cookie });
  assert.equal(refused.status, 403);
});
