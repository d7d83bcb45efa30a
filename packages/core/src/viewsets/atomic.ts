/** Running a write in one transaction where the queryset can open one. */
import type { RequestContext } from "../http/request.js";

/** A queryset that may run a request's writes in one transaction (`Manager.atomic`). */
export interface MaybeAtomic {
  atomic?<R>(ctx: RequestContext, run: () => Promise<R>): Promise<R>;
}

/**
 * Runs `run` in one transaction of `queryset`, rolled back when it throws. The configuration check
 * refuses a viewset that asks for transactions over a queryset without `atomic`, so reaching the
 * error below means the queryset changed after the check.
 */
export function runAtomic<R>(queryset: MaybeAtomic, ctx: RequestContext, run: () => Promise<R>): Promise<R> {
  if (typeof queryset.atomic !== "function") {
    return Promise.reject(new TypeError("viewsets: the queryset has no atomic(ctx, run) for a transaction"));
  }
  return queryset.atomic(ctx, run);
}
