/**
 * `@viewsets/core/node`: what the adapters share to serve the core on Node's http server (Express,
 * Koa, Fastify, and Hono through @hono/node-server): the request and its body read from Node's
 * stream, the signal of a client gone, a mountable's answer and writing it back.
 */
export type { RequestBody } from "./http/request.js";
export { answerOf } from "./http/request.js";
export { runHandler } from "./http/answers.js";
export { describeFailure } from "./http/failure-log.js";
// Node's request read as the core's, and the core's answer written on Node's response.
export * from "./http/node.js";
// Draining the server on shutdown, and the liveness and readiness routes that go with it.
export {
  type Drainable,
  type DrainOptions,
  type DrainResult,
  drainable,
  type LeaveClusterOptions,
  leaveCluster,
} from "./http/drain.js";
export {
  type DependencyState,
  type HealthRoutesOptions,
  type ReadinessCheck,
  healthRoutes,
} from "./http/readiness.js";
