/**
 * Hosts and schemes, the same on every adapter: which hosts a router answers for when
 * `allowedHosts` is left out (Django's rule for an empty ALLOWED_HOSTS), and the scheme links
 * are built with behind a proxy that ends TLS (X-Forwarded-Proto, believed only from a trusted
 * proxy; the framework's own trust settings play no part).
 */
import { afterEach, describe, expect, vi } from "vitest";
import { casesOf } from "./skips.js";
import type { RouterOptions } from "../router/router.js";
import type { AdapterContractOptions, ContractServer } from "./contract-options.js";
import { contractApp } from "./fixtures.js";
import { rawRequest } from "./raw-http.js";

const PRODUCT = JSON.stringify({ name: "Proxy lamp", price: "9.90", inStock: true, status: "draft", category: 1 });

/** The list's `next` and a create's `Location`, asked with `headers`. */
async function linksOf(base: string, headers: string): Promise<{ next: string; location: string | undefined }> {
  const list = await rawRequest(base, `GET /api/v1/products/?page=2 HTTP/1.1\r\n${headers}`);
  expect(list.status, list.body).toBe(200);
  const created = await rawRequest(
    base,
    `POST /api/v1/products/ HTTP/1.1\r\n${headers}\r\nContent-Type: application/json\r\nContent-Length: ${PRODUCT.length}`,
    PRODUCT,
  );
  expect(created.status, created.body).toBe(201);
  return { next: JSON.parse(list.body).next as string, location: created.headers.location };
}

export function runProxyContract(options: AdapterContractOptions): void {
  describe(`hosts and proxies: ${options.name}`, () => {
    const it = casesOf(options);
    const servers: ContractServer[] = [];
    const serve = async (routerOptions: RouterOptions, frameworkTrustsProxy = false) => {
      const server = await options.serve(contractApp(routerOptions).router, { frameworkTrustsProxy });
      servers.push(server);
      return server.url;
    };

    afterEach(async () => {
      vi.unstubAllEnvs();
      for (const server of servers.splice(0)) await server.close();
    });

    describe("a router without allowedHosts", () => {
      it("answers only the local names in development", async () => {
        vi.stubEnv("NODE_ENV", "development");
        const base = await serve({});
        for (const host of ["localhost:8000", "127.0.0.1", "[::1]:3000", "app.localhost"]) {
          expect((await rawRequest(base, `GET /api/v1/products/1 HTTP/1.1\r\nHost: ${host}`)).status, host).toBe(200);
        }
        for (const host of ["evil.example", "localhost.evil.example", "10.0.0.1"]) {
          const refused = await rawRequest(base, `GET /api/v1/products/?page=2 HTTP/1.1\r\nHost: ${host}`);
          expect(refused.status, host).toBe(400);
          expect(refused.body).not.toContain("evil");
        }
      });

      it("cannot be mounted outside development: the startup check asks for the hosts", async () => {
        vi.stubEnv("NODE_ENV", "production");
        await expect(serve({})).rejects.toThrow(/allowedHosts is not set/);
        const any = await serve({ allowedHosts: ["*"] });
        expect((await rawRequest(any, "GET /api/v1/products/1 HTTP/1.1\r\nHost: api.example.com")).status).toBe(200);
      });
    });

    describe("behind a proxy that ends TLS", () => {
      const host = "Host: api.example.com";

      it("builds https links when a trusted proxy says X-Forwarded-Proto: https", async () => {
        const base = await serve({ trustedProxies: 1, allowedHosts: ["api.example.com"] });
        const links = await linksOf(base, `${host}\r\nX-Forwarded-Proto: https`);
        expect(links.next).toBe("https://api.example.com/api/v1/products/?page=3");
        expect(links.location).toMatch(/^https:\/\/api\.example\.com\/api\/v1\/products\/\d+$/);
        // What the client sent before the proxy appended its own is not believed.
        const spoofed = await linksOf(base, `${host}\r\nX-Forwarded-Proto: https, http`);
        expect(spoofed.next).toMatch(/^http:\/\//);
      });

      it("ignores X-Forwarded-Proto when no proxy is trusted, whatever the framework is told", async () => {
        const base = await serve({ allowedHosts: ["api.example.com"] }, true);
        const links = await linksOf(base, `${host}\r\nX-Forwarded-Proto: https`);
        expect(links.next).toBe("http://api.example.com/api/v1/products/?page=3");
        expect(links.location).toMatch(/^http:\/\/api\.example\.com\//);
      });

      it("uses the scheme the app sets, whatever the header says", async () => {
        const base = await serve({ scheme: "https", allowedHosts: ["api.example.com"] });
        expect((await linksOf(base, host)).next).toBe("https://api.example.com/api/v1/products/?page=3");
        expect((await linksOf(base, `${host}\r\nX-Forwarded-Proto: http`)).location).toMatch(/^https:\/\//);
      });
    });
  });
}
