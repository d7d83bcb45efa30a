/** The API's documentation page: Swagger UI reading the OpenAPI document, served as a core handler. */
import { MethodNotAllowed, NotFound } from "../http/errors.js";
import { errorResponse, problemResponse } from "../http/problem.js";
import type { HandlerDocs } from "../http/openapi-types.js";
import { type ApiRequest, type ApiResponse, type Handler, parseQuery } from "../http/request.js";

export interface DocsPageOptions {
  /** Where the browser fetches the OpenAPI document: a path on the same host or a URL. */
  specUrl: string;
  /** The page title (default "API reference"). */
  title?: string;
  /** The folder of swagger-ui-dist's files; found through the module resolver when left out. */
  assetsDir?: string;
}

/** The files of swagger-ui-dist the page loads, by the `?asset=` name it asks for them with. */
const DIST_ASSETS: ReadonlyMap<string, { file: string; type: string }> = new Map([
  ["swagger-ui.css", { file: "swagger-ui.css", type: "text/css; charset=utf-8" }],
  ["swagger-ui-bundle.js", { file: "swagger-ui-bundle.js", type: "text/javascript; charset=utf-8" }],
]);
const INIT_ASSET = "init.js";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/*
 * The assets are linked with a query-only relative URL (`?asset=...`): it resolves against the
 * page's own path, so the page works wherever it is mounted (`/docs`, `/docs/`, a router
 * action) without knowing its path, and nothing is fetched from a CDN.
 */
function pageHtml(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="?asset=swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="?asset=swagger-ui-bundle.js"></script>
<script src="?asset=${INIT_ASSET}"></script>
</body>
</html>
`;
}

/** The script that starts swagger-ui; a file of its own so that a strict CSP (`script-src 'self'`) allows it. */
function initScript(specUrl: string): string {
  const config = { url: specUrl, dom_id: "#swagger-ui", deepLinking: true };
  return `window.ui = SwaggerUIBundle(Object.assign(${JSON.stringify(config)}, {
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout"
}));
`;
}

// node: modules are imported here, when the page is first served, and never by the core's
// request path: an app that only serves the JSON document does not load them.
async function swaggerUiDir(): Promise<string> {
  const { createRequire } = await import("node:module");
  const { dirname } = await import("node:path");
  return dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

async function readAsset(dir: string | undefined, file: string): Promise<string> {
  const { readFile } = await import("node:fs/promises");
  const { join } = await import("node:path");
  return readFile(join(dir ?? (await swaggerUiDir()), file), "utf8");
}

function textResponse(body: string, type: string, cache: string): ApiResponse {
  return {
    status: 200,
    headers: { "Content-Type": type, "Cache-Control": cache, "X-Content-Type-Options": "nosniff" },
    body,
  };
}

/**
 * An interactive API reference (swagger-ui) for the document at `specUrl`: one core handler that
 * serves the HTML page and, under `?asset=`, swagger-ui's script and style from the installed
 * `swagger-ui-dist` package. Mount it on one GET route with an adapter (`app.get("/docs",
 * toExpress(docsPage({ specUrl: "/openapi.json" })))`) or as a router action.
 */
export function docsPage(options: DocsPageOptions): Handler {
  const title = options.title ?? "API reference";
  const files = new Map<string, Promise<string>>();
  const load = (file: string): Promise<string> => {
    let text = files.get(file);
    if (!text) {
      text = readAsset(options.assetsDir, file);
      files.set(file, text);
      // A failed read (the package is missing) is tried again on the next request.
      text.catch(() => files.delete(file));
    }
    return text;
  };

  const handler = async (request: ApiRequest): Promise<ApiResponse> => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return errorResponse(new MethodNotAllowed(request.method, ["GET", "HEAD"]));
    }
    const asset = parseQuery(request.rawQuery).get("asset")?.[0];
    if (asset === undefined) return textResponse(pageHtml(title), "text/html; charset=utf-8", "no-cache");
    if (asset === INIT_ASSET)
      return textResponse(initScript(options.specUrl), "text/javascript; charset=utf-8", "no-cache");
    const dist = DIST_ASSETS.get(asset);
    if (!dist) return errorResponse(new NotFound());
    try {
      return textResponse(await load(dist.file), dist.type, "public, max-age=86400");
    } catch (error) {
      console.error("viewsets: the API reference page could not read swagger-ui-dist:", error);
      return problemResponse(500, "The API reference needs the swagger-ui-dist package installed.");
    }
  };
  return Object.assign(handler, { openapi: PAGE_DOCS });
}

/** The media type of each answer, without its charset: what the document declares. */
const mediaTypeOf = (type: string): string => type.split(";")[0]!;

/** What the page answers, for an OpenAPI document that mounts it as an action: HTML, and its assets. */
const PAGE_DOCS: HandlerDocs = {
  // The page checks nobody's credentials: anyone may read it.
  security: [],
  parameters: [
    {
      name: "asset",
      in: "query",
      required: false,
      description: "One of the page's script and style files instead of the page.",
      schema: { type: "string", enum: [...DIST_ASSETS.keys(), INIT_ASSET] },
    },
  ],
  responses: {
    "200": {
      description: "The reference page (HTML), or the asset named.",
      content: Object.fromEntries(
        ["text/html", ...[...DIST_ASSETS.values()].map((asset) => mediaTypeOf(asset.type))].map((type) => [
          type,
          { schema: { type: "string" } },
        ]),
      ),
    },
    "404": { $ref: "#/components/responses/NotFound" },
  },
};
