// Step 1: the migrations build the tables, and the models describe and validate their rows.
import assert from "node:assert/strict";
import { test } from "node:test";
import { nonEditableFields } from "@viewsets/core";
import { openDatabase } from "../src/db.js";
import { Author, Book, Loan } from "../src/models.js";
import { authors, books, loans } from "../src/schema.js";

test("the migrations create the tables, with the database's defaults", () => {
  const db = openDatabase(":memory:");
  const [tolkien] = db.insert(authors).values({ name: "J. R. R. Tolkien", born: 1892 }).returning().all();
  db.insert(books).values({ title: "The Hobbit", authorId: tolkien!.id, published: 1937, isbn: "9780261102217" }).run();
  const [loan] = db.insert(loans).values({ bookId: 1, borrower: "ada" }).returning().all();
  assert.equal(loan!.returned, false);
  assert.ok(loan!.loanedAt instanceof Date);
  // Foreign keys are on: a book of an author who does not exist is refused.
  assert.throws(() => db.insert(books).values({ title: "?", authorId: 99, published: 2000, isbn: "1" }).run());
});

test("each model takes its name, fields and rules from its table", async () => {
  assert.equal(Author.name, "Author");
  assert.deepEqual(Object.keys(Book.fields), ["id", "title", "authorId", "published", "isbn"]);
  assert.equal(Book.fields.authorId?.type, "foreignKey");
  assert.equal(Loan.fields.loanedAt?.type, "time");
  // The database fills in the key and the SQL default; a literal default (returned: false) stays editable.
  assert.deepEqual(nonEditableFields(Loan), ["id", "loanedAt"]);

  const good = await Book.schema["~standard"].validate({
    title: "The Hobbit",
    authorId: 1,
    published: 1937,
    isbn: "1",
  });
  assert.equal(good.issues, undefined);
  const bad = await Book.schema["~standard"].validate({ title: "x".repeat(301), authorId: 1, published: "1937" });
  assert.deepEqual(
    bad.issues?.map((issue) => issue.path?.map((key) => (typeof key === "object" ? key.key : key))),
    [["title"], ["published"], ["isbn"]],
  );
});
