import type { ApiRequest, ViewInfo } from "@viewsets/core";
import { fakeRequest } from "@viewsets/core/testing";
import { betterAuth } from "better-auth";
import { memoryAdapter } from "better-auth/adapters/memory";
import { admin } from "better-auth/plugins";
import { describe, expect, it } from "vitest";
import type { BetterAuthCredentials } from "./authenticators.js";
import {
  modelPermissions,
  modelPermissionsOf,
  modelPermissionsOrAnonReadOnly,
  requiredPermissions,
} from "./permissions.js";
import { modelRoles, roleBookOf } from "./roles.js";

const { ac, roles } = modelRoles({
  models: { products: ["restock"], categories: [] },
  roles: {
    editor: { products: ["view", "add", "change"], categories: ["view"] },
    auditor: { categories: ["view"] },
  },
});

const auth = betterAuth({
  secret: "a-secret-of-better-auth-long-enough-1234",
  database: memoryAdapter({}),
  telemetry: { enabled: false },
  logger: { disabled: true },
  plugins: [admin({ ac, roles, adminUserIds: ["root-id"] })],
});

const view = (action: string, resource = "products"): ViewInfo => ({ resource, action, readOnly: false });
const request = (method: string, user?: unknown, auth?: BetterAuthCredentials): ApiRequest =>
  fakeRequest(method, "/", { origin: "", remoteAddress: undefined, user, auth });

describe("model permissions", () => {
  it("map the six routes onto view, add, change and delete, and a custom action onto its own name unless mapped", () => {
    expect(
      ["list", "retrieve", "create", "update", "partial_update", "destroy"].map((a) => requiredPermissions(view(a))),
    ).toEqual([["view"], ["view"], ["add"], ["change"], ["change"], ["delete"]]);
    expect(requiredPermissions(view("restock"))).toEqual(["restock"]);
    expect(requiredPermissions(view("discount"), { actions: { discount: "change" } })).toEqual(["change"]);
    expect(requiredPermissions(view("export"), { actions: { export: ["view", "export"] } })).toEqual([
      "view",
      "export",
    ]);
  });

  it("grant what the user's roles grant, any of several roles, and everything to a superuser", () => {
    const permission = modelPermissions(auth);
    const allowed = (user: unknown, action: string, resource?: string) =>
      permission.hasPermission!(request("GET", user), view(action, resource));
    const editor = { id: "e", role: "editor" };
    expect([allowed(editor, "list"), allowed(editor, "partial_update"), allowed(editor, "destroy")]).toEqual([
      true,
      true,
      false,
    ]);
    expect(allowed(editor, "restock")).toBe(false);
    expect(allowed({ id: "a", role: "auditor" }, "list", "categories")).toBe(true);
    expect(allowed({ id: "a", role: "auditor" }, "list")).toBe(false);
    expect(allowed({ id: "a", role: "auditor,editor" }, "update")).toBe(true);
    expect(allowed({ id: "u", role: "user" }, "list")).toBe(false);
    expect(allowed({ id: "u" }, "list")).toBe(false);
    expect(allowed({ id: "x", role: "admin" }, "restock")).toBe(true);
    expect(allowed({ id: "root-id", role: "user" }, "destroy")).toBe(true);
    expect(allowed({ id: "e", role: "editor" }, "list", "unregistered")).toBe(false);
  });

  it("refuse an anonymous request, or let it read with the OrAnonReadOnly variant (and a signed-in user too)", () => {
    const strict = modelPermissions(auth);
    const lenient = modelPermissionsOrAnonReadOnly(auth);
    expect(strict.hasPermission!(request("GET"), view("list"))).toBe(false);
    expect(lenient.hasPermission!(request("GET"), view("list"))).toBe(true);
    expect(lenient.hasPermission!(request("HEAD"), view("retrieve"))).toBe(true);
    expect(lenient.hasPermission!(request("GET", { id: "u", role: "user" }), view("list"))).toBe(true);
    expect(lenient.hasPermission!(request("POST"), view("create"))).toBe(false);
    expect(lenient.hasPermission!(request("POST", { id: "u", role: "user" }), view("create"))).toBe(false);
    expect(lenient.hasPermission!(request("POST", { id: "e", role: "editor" }), view("create"))).toBe(true);
  });

  it("hold an API key with permissions of its own to those, within its user's", () => {
    const permission = modelPermissions(auth);
    const key = (permissions: Record<string, string[]> | null): BetterAuthCredentials => ({
      kind: "apiKey",
      apiKey: { id: "k", permissions },
    });
    const editor = { id: "e", role: "editor" };
    const allowed = (credentials: BetterAuthCredentials, action: string) =>
      permission.hasPermission!(request("GET", editor, credentials), view(action));
    expect(allowed(key(null), "update")).toBe(true);
    expect(allowed(key({ products: ["view"] }), "list")).toBe(true);
    expect(allowed(key({ products: ["view"] }), "update")).toBe(false);
    expect(allowed(key({ products: ["view", "delete"] }), "destroy")).toBe(false);
  });

  it("tell a UI what a user may do with a model, and who is staff", () => {
    expect(modelPermissionsOf(auth, { id: "e", role: "editor" }, "products")).toEqual({
      view: true,
      add: true,
      change: true,
      delete: false,
    });
    const book = roleBookOf(auth);
    expect([book.isStaff({ role: "editor" }), book.isStaff({ role: "user" }), book.isStaff({ role: "admin" })]).toEqual(
      [true, false, true],
    );
  });
});

describe("modelRoles", () => {
  it("names every unknown model or action of a role at once", () => {
    expect(() =>
      modelRoles({
        models: ["products"],
        roles: { editor: { products: ["view", "publish"], orders: ["view"] } as never },
      }),
    ).toThrow("role editor: unknown action products.publish; role editor: unknown model orders");
  });

  it("needs better-auth's admin plugin", () => {
    const bare = betterAuth({
      secret: "a-secret-of-better-auth-long-enough-1234",
      database: memoryAdapter({}),
      telemetry: { enabled: false },
      logger: { disabled: true },
    });
    expect(() => modelPermissions(bare)).toThrow(/need better-auth's admin plugin/);
  });
});
