/**
 * The TypeScript types of the shop's document, as openapi-typescript writes them: what
 * `client/schema.d.ts` holds (`pnpm --filter @viewsets/example-shop openapi` writes it again from
 * openapi.json, and a test checks that it matches the document).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

const HEADER = "// Generated from openapi.json by openapi-typescript (src/client-types.ts): do not edit.\n";

export async function clientTypes(document: object): Promise<string> {
  return HEADER + astToString(await openapiTS(structuredClone(document) as never));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = new URL("..", import.meta.url);
  const document = JSON.parse(readFileSync(new URL("openapi.json", root), "utf8")) as object;
  writeFileSync(new URL("client/schema.d.ts", root), await clientTypes(document));
}
