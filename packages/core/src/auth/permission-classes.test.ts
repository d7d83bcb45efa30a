import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import type { ApiRequest } from "../http/request.js";
import {
  allOf,
  allowAny,
  anyOf,
  definePermission,
  isAdminUser,
  isAuthenticated,
  isAuthenticatedOrReadOnly,
  not,
} from "./permission-classes.js";
import type { Permission, ViewInfo } from "./permissions.js";

function request(method: string, user?: unknown): ApiRequest {
  return fakeRequest(method, "/api/orders/1", { origin: "http://localhost", user });
}

const view: ViewInfo = { resource: "orders", action: "retrieve", readOnly: false };
const can = async (permission: Permission, req: ApiRequest) =>
  permission.hasPermission ? permission.hasPermission(req, view) : true;
const canObject = async (permission: Permission, req: ApiRequest, obj: unknown) =>
  permission.hasObjectPermission ? permission.hasObjectPermission(req, view, obj) : true;

describe("permission classes", () => {
  it("allowAny allows everyone", async () => {
    expect(await can(allowAny, request("DELETE"))).toBe(true);
  });

  it("isAuthenticated wants a user that is neither undefined nor null", async () => {
    expect(await can(isAuthenticated, request("GET"))).toBe(false);
    expect(await can(isAuthenticated, request("GET", null))).toBe(false);
    expect(await can(isAuthenticated, request("GET", { id: 1 }))).toBe(true);
    expect(await can(isAuthenticated, request("GET", 0))).toBe(true);
  });

  it("isAuthenticatedOrReadOnly lets anyone read and only users write", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(await can(isAuthenticatedOrReadOnly, request(method))).toBe(true);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(await can(isAuthenticatedOrReadOnly, request(method))).toBe(false);
      expect(await can(isAuthenticatedOrReadOnly, request(method, { id: 1 }))).toBe(true);
    }
  });

  it("isAdminUser wants isAdmin, isStaff or is_staff to be exactly true", async () => {
    expect(await can(isAdminUser, request("GET", { isAdmin: true }))).toBe(true);
    expect(await can(isAdminUser, request("GET", { isStaff: true }))).toBe(true);
    expect(await can(isAdminUser, request("GET", { is_staff: true }))).toBe(true);
    expect(await can(isAdminUser, request("GET", { is_staff: "false" }))).toBe(false);
    expect(await can(isAdminUser, request("GET", { isAdmin: 1 }))).toBe(false);
    expect(await can(isAdminUser, request("GET", { id: 1 }))).toBe(false);
    expect(await can(isAdminUser, request("GET"))).toBe(false);
    expect(await can(isAdminUser, request("GET", "admin"))).toBe(false);
  });

  it("cannot be changed by accident", () => {
    expect(Object.isFrozen(isAuthenticated)).toBe(true);
    expect(() => {
      (isAuthenticated as { message?: string }).message = "changed";
    }).toThrow(TypeError);
  });
});

interface Order {
  ownerId: number;
}
const isOwner = definePermission<Order>({
  hasObjectPermission: (req, _view, order) => order.ownerId === (req.user as { id: number } | undefined)?.id,
  message: "Only the owner may do this.",
});

describe("definePermission", () => {
  it("builds a permission with an object-level check and a message", async () => {
    expect(isOwner.hasPermission).toBeUndefined();
    expect(isOwner.message).toBe("Only the owner may do this.");
    expect(await canObject(isOwner, request("GET", { id: 1 }), { ownerId: 1 })).toBe(true);
    expect(await canObject(isOwner, request("GET", { id: 2 }), { ownerId: 1 })).toBe(false);
  });

  it("passes the request and view to a request-level check, sync or async", async () => {
    const onlyList = definePermission({ hasPermission: async (_req, v) => v.action === "list" });
    expect(await onlyList.hasPermission?.(request("GET"), { ...view, action: "list" })).toBe(true);
    expect(await onlyList.hasPermission?.(request("GET"), view)).toBe(false);
    expect(onlyList.hasObjectPermission).toBeUndefined();
    expect("message" in onlyList).toBe(false);
  });
});

describe("combining permissions", () => {
  const ann = { id: 1 };
  const admin = { id: 9, isAdmin: true };

  it("allOf wants every one, at both levels", async () => {
    const both = allOf(isAuthenticated, isOwner);
    expect(await can(both, request("GET"))).toBe(false);
    expect(await can(both, request("GET", ann))).toBe(true);
    expect(await canObject(both, request("GET", ann), { ownerId: 1 })).toBe(true);
    expect(await canObject(both, request("GET", ann), { ownerId: 2 })).toBe(false);
    expect(both.message).toBe("Authentication credentials were not provided.");
  });

  it("anyOf wants one that allows both the request and the object", async () => {
    const adminOrOwner = anyOf(isAdminUser, isOwner);
    expect(await can(adminOrOwner, request("GET", ann))).toBe(true); // isOwner has no request-level check
    expect(await canObject(adminOrOwner, request("GET", admin), { ownerId: 1 })).toBe(true);
    expect(await canObject(adminOrOwner, request("GET", ann), { ownerId: 1 })).toBe(true);
    expect(await canObject(adminOrOwner, request("GET", ann), { ownerId: 2 })).toBe(false);
    // A request-level "no" is not undone by a missing object-level check.
    const readOrAdmin = anyOf(isAdminUser, definePermission({ hasPermission: (r) => r.method === "GET" }));
    expect(await canObject(readOrAdmin, request("DELETE", ann), { ownerId: 1 })).toBe(false);
    expect(await canObject(readOrAdmin, request("GET", ann), { ownerId: 1 })).toBe(true);
  });

  it("not inverts only the checks the permission has", async () => {
    const anonymousOnly = not(isAuthenticated, "Already signed in.");
    expect(await can(anonymousOnly, request("POST"))).toBe(true);
    expect(await can(anonymousOnly, request("POST", ann))).toBe(false);
    expect(anonymousOnly.hasObjectPermission).toBeUndefined();
    expect(anonymousOnly.message).toBe("Already signed in.");
    const notOwner = not(isOwner);
    expect(await canObject(notOwner, request("GET", ann), { ownerId: 2 })).toBe(true);
    expect(await canObject(notOwner, request("GET", ann), { ownerId: 1 })).toBe(false);
  });

  it("keeps `this` for permission objects written as classes", async () => {
    class MinLevel implements Permission {
      constructor(readonly level: number) {}
      hasPermission(req: ApiRequest) {
        return ((req.user as { level?: number } | undefined)?.level ?? 0) >= this.level;
      }
    }
    expect(await can(allOf(new MinLevel(2)), request("GET", { level: 3 }))).toBe(true);
    expect(await can(anyOf(new MinLevel(5)), request("GET", { level: 3 }))).toBe(false);
    expect(await can(not(new MinLevel(5)), request("GET", { level: 3 }))).toBe(true);
  });
});
