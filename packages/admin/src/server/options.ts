/** What `createAdmin` takes: the database, the users, and how the admin is deployed. */
import type { ApiRequest, Authenticator } from "@viewsets/core";
import type { Scheme } from "@viewsets/core/internals";
import type { OutagePolicyLogger, Throttle, ThrottleStore } from "@viewsets/core/throttling";
import type { AdminUsers } from "./auth.js";
import type { AdminAccounts } from "./principal.js";
import type { AdminDatabase } from "./statements.js";

export interface AdminOptions<User> {
  /** The app's drizzle database (SQLite or PostgreSQL): the admin keeps its sessions and saved views there. */
  readonly db: AdminDatabase;
  /** How people sign in, and who is staff: the app's own users, with sessions in the admin's table. */
  readonly users?: AdminUsers<User>;
  /**
   * Or users, sign-in and sessions from an auth library: `betterAuthAccounts(auth)` from
   * `@viewsets/admin/better-auth`. One sign-in then serves the REST API and the admin, and the
   * admin honours each user's model permissions.
   */
  readonly accounts?: AdminAccounts<User>;
  /** Where the admin is mounted (default `/admin`). */
  readonly path?: string;
  /** The app's own authenticators (a bearer token): their users need no session and no CSRF token. */
  readonly authentication?: readonly Authenticator[];
  /** A session ends after this long without a request (default two weeks). */
  readonly sessionIdleTimeoutMs?: number;
  /**
   * Sign-in attempts allowed per client IP, over every username, and per username from one client
   * IP (default `20/min` and `10/min`). Never per username alone: anyone could lock a user out.
   */
  readonly signInRates?: { readonly ip?: string; readonly username?: string };
  /**
   * What an export (`models/{model}/export`) is counted against, per user: default 60 an hour
   * (`userRateThrottle("60/hour", { scope: "admin-export" })` over `throttleStore`). Pass the REST
   * API's own user throttle to count exports against the user's API budget.
   */
  readonly exportThrottles?: readonly Throttle[];
  /** How many days the history log keeps an entry (default 180): older ones are deleted as new ones are written. */
  readonly historyRetentionDays?: number;
  /** Who may read the whole history log (`GET history`, filtered by model, user and action); default nobody. */
  historyReaders?(user: User): boolean;
  /** Where sign-in attempts are counted (default: one in-memory store per admin; Redis for several instances). */
  readonly throttleStore?: ThrottleStore;
  /**
   * What sign-in does while `throttleStore` cannot count (Redis unreachable), whatever the store's
   * own policy for the API: "local-limit" (default) counts attempts in this process's memory,
   * the same limits per process; "fail-closed" refuses sign-ins with 503. Never open: an outage
   * must not switch brute-force protection off. Logged once when it takes over, once when it ends.
   */
  readonly signInWhenStoreDown?: "local-limit" | "fail-closed";
  /** Where the admin says what an operator must know (the sign-in policy taking over). Default `console`. */
  readonly logger?: OutagePolicyLogger;
  /**
   * How many proxies in front of the app may be believed: about the client IP (X-Forwarded-For)
   * and the scheme it used (X-Forwarded-Proto: the links, `Location` and the cookie's `Secure`).
   */
  readonly trustedProxies?: number;
  /**
   * The hosts the admin answers for, as the router's (Django's ALLOWED_HOSTS); another Host is a
   * 400 before any link is built from it. Left out: as a router's (the local names in
   * development, and outside development the startup check asks for them).
   */
  readonly allowedHosts?: readonly string[];
  /** The scheme of every request (`"https"`), whatever X-Forwarded-Proto says, as the router's. */
  readonly scheme?: Scheme;
  readonly bodyLimit?: number;
  /** Told about every error that became a 500 (the response itself says nothing of it). */
  readonly onError?: (error: unknown, request: ApiRequest) => void;
  /** The clock date presets resolve against (tests pin it). */
  readonly now?: () => Date;
  /**
   * SQLite: how long a write of the admin's own (a sign-in, a saved view) waits for a lock another
   * connection holds before it answers 503, as a manager's `lockWaitMs` (default 2000).
   */
  readonly lockWaitMs?: number;
}
