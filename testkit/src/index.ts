/** The test suites' shared helpers. */
export { FRAMEWORKS, type Framework, type Served, serve } from "./serve.js";
