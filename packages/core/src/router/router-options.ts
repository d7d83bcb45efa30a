/** The options of a `Router`: its settings, the hosts it answers for, its scheme and its CORS. */
import type { CorsOptions } from "../http/cors.js";
import type { Scheme } from "../http/forwarded.js";
import type { SettingsOptions } from "../viewsets/settings.js";

export interface RouterOptions extends SettingsOptions {
  /**
   * Host names the API answers for, as Django's ALLOWED_HOSTS: exact names, `.example.com` for a
   * domain and its subdomains, `*` for any. Another host, or a malformed one, is a 400 before
   * anything is built from it. Left out: in development (`NODE_ENV` unset or `development`) the
   * local names (`localhost`, `127.0.0.1`, `[::1]`); under a test runner (`NODE_ENV=test`) any;
   * anywhere else `registerRoutes` throws, asking for them.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * The scheme of every request (`"https"` for an app only ever served over https), whatever
   * `X-Forwarded-Proto` says. Left out: the connection's own, or `X-Forwarded-Proto` when
   * `trustedProxies` is set (the proxy in front ends TLS).
   */
  readonly scheme?: Scheme;
  /** CORS answered by the router itself (preflights included), for apps without a CORS middleware. */
  readonly cors?: CorsOptions;
  /**
   * Answer `GET {prefix}/` with a link to each resource, as DRF's `DefaultRouter` does (its
   * `APIRootView`); `false` leaves that path to the app. On by default.
   */
  readonly apiRoot?: boolean;
}
