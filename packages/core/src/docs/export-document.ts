/** Loads an app's module and writes its OpenAPI document, for `viewsets-openapi`. */
import { OpenAPIGenerator, type DescribableRouter } from "./openapi.js";
import type { OpenAPIDocument } from "../http/openapi-types.js";

export interface ExportOptions {
  /** The export to read; by default the first of `generator`, `openapi`, `default`, `router` that fits. */
  exportName?: string;
  /** info.title and info.version for a router (default "API" and "1.0.0"); they replace a generator's own when given. */
  title?: string;
  version?: string;
  description?: string;
}

type Generator = Pick<OpenAPIGenerator, "generate">;

const SEARCH_ORDER = ["generator", "openapi", "default", "router"];

function isGenerator(value: unknown): value is Generator {
  return typeof (value as Partial<Generator> | null)?.generate === "function";
}

function isRouter(value: unknown): value is DescribableRouter {
  const candidate = value as Partial<DescribableRouter> | null;
  return typeof candidate?.describe === "function" && typeof candidate.prefix === "string";
}

/** A generator or router, also inside an object export (`export default { router }`). */
function pick(value: unknown): Generator | DescribableRouter | null {
  if (isGenerator(value) || isRouter(value)) return value;
  if (typeof value !== "object" || value === null) return null;
  for (const key of ["generator", "openapi", "router"]) {
    const inner = (value as Record<string, unknown>)[key];
    if (isGenerator(inner) || isRouter(inner)) return inner;
  }
  return null;
}

/**
 * The OpenAPI document of a loaded module: its OpenAPIGenerator's `generate()`, or the document
 * of its Router (included in a new generator). Throws an Error that says what was found.
 */
export function documentFromModule(module: Record<string, unknown>, options: ExportOptions = {}): OpenAPIDocument {
  const names = options.exportName ? [options.exportName] : SEARCH_ORDER;
  let found: Generator | DescribableRouter | null = null;
  for (const name of names) {
    found = pick(module[name]);
    if (found) break;
  }
  if (!found) {
    const exported = Object.keys(module).join(", ") || "nothing";
    const wanted = options.exportName
      ? `an export named ${options.exportName}`
      : `an export named ${SEARCH_ORDER.join(", ")}`;
    throw new Error(`expected ${wanted} holding a Router or an OpenAPIGenerator; the module exports ${exported}`);
  }
  if (isGenerator(found)) {
    const document = found.generate();
    if (options.title !== undefined) document.info.title = options.title;
    if (options.version !== undefined) document.info.version = options.version;
    if (options.description !== undefined) document.info.description = options.description;
    return document;
  }
  const generator = new OpenAPIGenerator(options.title ?? "API", options.version ?? "1.0.0");
  if (options.description !== undefined) generator.description = options.description;
  return generator.include(found).generate();
}
