/** The test suites' shared helpers. */
export { FRAMEWORKS, type Framework, type Served, serve } from "./serve.js";
export { mountSmallDisk, type SmallDisk, smallDiskSkipReason } from "./small-disk.js";
