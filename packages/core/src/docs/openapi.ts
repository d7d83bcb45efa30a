/** `OpenAPIGenerator`: the OpenAPI 3.0 document of the routers it includes. */
import { errorResponse } from "../http/problem.js";
import type { ApiRequest, ApiResponse, Handler } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import type { Router } from "../router/router.js";
import { describeAction } from "./describe-action.js";
import { rootEntriesOf } from "../router/api-root.js";
import { describeRoot } from "./describe-root.js";
import { describeViewSet } from "./describe-viewset.js";
import { DocumentBuilder } from "./document-builder.js";
import type {
  ComponentsObject,
  HandlerDocs,
  LicenseObject,
  OpenAPIDocument,
  OpenAPIInfo,
  PathsObject,
  ServerObject,
} from "../http/openapi-types.js";

/** What `include` reads from a router. */
export type DescribableRouter = Pick<Router, "prefix" | "settings" | "describe"> & Partial<Pick<Router, "apiRoot">>;

/**
 * The OpenAPI 3.0 document of an API. Without `include`, `generate()` gives only the
 * info block and whatever the application put in `paths` and `components`; `include(router)`
 * adds the routes of a router's viewsets and actions, described anew on every `generate()`, so
 * viewsets registered or changed later are in the document too.
 */
export class OpenAPIGenerator {
  title: string;
  version: string;
  /** `info.description`; left out of the document when empty. */
  description = "";
  /** `info.license`, as `{ name: "MIT", url: "https://opensource.org/license/mit" }`; left out when unset. */
  license: LicenseObject | undefined;
  /** Where the API is served (drf-spectacular's `SERVERS`); left out of the document when empty. */
  servers: ServerObject[] = [];
  /** Paths the application adds; an operation here replaces a generated one of the same path and method. */
  paths: PathsObject = {};
  /** Components the application adds (`components.schemas`, ...); merged over the generated ones by name. */
  components: ComponentsObject = {};
  private readonly routers: DescribableRouter[] = [];

  constructor(title: string, version: string) {
    this.title = title;
    this.version = version;
  }

  /** Documents the viewsets and actions of a router (call it once per router). */
  include(router: DescribableRouter): this {
    if (!this.routers.includes(router)) this.routers.push(router);
    return this;
  }

  /** The document as it is now: a new object on each call. */
  generate(): OpenAPIDocument {
    const info: OpenAPIInfo = { title: this.title, version: this.version };
    if (this.description) info.description = this.description;
    if (this.license) info.license = structuredClone(this.license);
    const servers = this.servers.length > 0 ? { servers: structuredClone(this.servers) } : {};
    if (this.routers.length === 0) {
      return {
        openapi: "3.0.0",
        info,
        ...servers,
        paths: structuredClone(this.paths),
        components: structuredClone(this.components),
      };
    }
    const builder = new DocumentBuilder();
    for (const router of this.routers) {
      const described = router.describe();
      if (router.apiRoot === true) describeRoot(builder, router, rootEntriesOf(described));
      for (const { resource, viewset, actions } of described) {
        const route = { prefix: router.prefix, resource, viewset, settings: router.settings };
        describeViewSet(builder, route);
        for (const action of actions) describeAction(builder, route, action);
      }
    }
    const paths: PathsObject = structuredClone(builder.paths);
    for (const [path, item] of Object.entries(structuredClone(this.paths))) paths[path] = { ...paths[path], ...item };
    const components: ComponentsObject = structuredClone(builder.components());
    for (const [section, entries] of Object.entries(structuredClone(this.components))) {
      components[section] = { ...components[section], ...entries };
    }
    const tags = builder.tags.length > 0 ? { tags: structuredClone(builder.tags) } : {};
    return { openapi: "3.0.0", info, ...servers, ...tags, paths, components };
  }

  /** A core handler answering with the document as JSON: mount it with an adapter or as a router action. */
  handler(): Handler {
    const handler = async (request: ApiRequest): Promise<ApiResponse> => {
      try {
        return sendJSON(200, this.generate());
      } catch (error) {
        console.error(`viewsets: ${request.method} ${request.path}: the OpenAPI document failed:`, error);
        return errorResponse(error);
      }
    };
    // Mounted as an action, the document says of itself that anyone may read it (it checks nobody).
    const docs: HandlerDocs = { security: [] };
    return Object.assign(handler, { openapi: docs });
  }
}
