// Step 6: the committed document and client types are what the code makes now, and the typed client talks to the API.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, test } from "node:test";
import { libraryClient } from "../client/client.js";
import { clientTypes, documentText } from "../scripts/openapi.js";
import { createRouter } from "../src/app.js";
import { createAuth } from "../src/auth.js";
import { openDatabase } from "../src/db.js";
import { person } from "./people.js";
import { serve } from "./serve.js";

const committed = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");

test("openapi.json and client/schema.d.ts are up to date (else: npm run openapi)", async () => {
  const document = documentText();
  assert.equal(committed("openapi.json"), document);
  assert.equal(committed("client/schema.d.ts"), await clientTypes(document));
  const { paths, components } = JSON.parse(document);
  assert.deepEqual(Object.keys(paths["/api/v1/loans/{id}/return"]), ["post"]);
  assert.equal(paths["/api/v1/books/"].get.operationId, "books_list");
  for (const name of ["Book", "BookRequest", "PatchedBookRequest", "PaginatedBookList", "Loan"]) {
    assert.ok(components.schemas[name], `components.schemas.${name}`);
  }
});

const db = openDatabase(":memory:");
const auth = createAuth(db);
let base = "";
let token = "";
before(async () => {
  base = await serve(auth, createRouter(db, auth));
  token = (await person(base, db, "lena", "librarian")).authorization.slice("Bearer ".length);
});

test("the typed client creates, filters and reads, and the API serves its own document", async () => {
  const client = libraryClient(base, token);
  const author = await client.POST("/api/v1/authors/", { body: { name: "Ted Chiang", born: 1967 } });
  assert.equal(author.response.status, 201);
  const created = await client.POST("/api/v1/books/", {
    body: { title: "Exhalation", authorId: author.data!.id, published: 2019, isbn: "9781101947883" },
  });
  assert.equal(created.data?.title, "Exhalation");

  const { data: page } = await libraryClient(base).GET("/api/v1/books/", {
    params: { query: { published__gte: 2000, ordering: ["-published"] } },
  });
  assert.equal(page?.count, 1);
  assert.equal(page?.results[0]?.isbn, "9781101947883");

  const refused = await libraryClient(base).POST("/api/v1/authors/", { body: { name: "Anonymous" } });
  assert.equal(refused.response.status, 401);
  assert.match(refused.error?.detail ?? "", /credentials/);

  const served = await fetch(`${base}/api/v1/schema/openapi.json`);
  assert.deepEqual(await served.json(), JSON.parse(documentText()));
});
