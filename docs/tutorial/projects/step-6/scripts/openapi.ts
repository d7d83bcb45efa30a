// `npm run openapi`: writes openapi.json and the client's types (openapi-typescript) from the router itself.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { createRouter } from "../src/app.js";
import { createAuth } from "../src/auth.js";
import { openDatabase } from "../src/db.js";
import { libraryOpenAPI } from "../src/openapi.js";

/** The document as it is committed: the router built on a database in memory, never served. */
export function documentText(): string {
  process.env.BETTER_AUTH_SECRET ??= "only-builds-the-document-never-signs-anything-in";
  const db = openDatabase(":memory:");
  return `${JSON.stringify(libraryOpenAPI(createRouter(db, createAuth(db))).generate(), null, 2)}\n`;
}

/** What openapi-typescript makes of the document: client/schema.d.ts. */
export async function clientTypes(document: string): Promise<string> {
  return astToString(await openapiTS(JSON.parse(document)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const document = documentText();
  writeFileSync(new URL("../openapi.json", import.meta.url), document);
  writeFileSync(new URL("../client/schema.d.ts", import.meta.url), await clientTypes(document));
  console.log("wrote openapi.json and client/schema.d.ts");
}
