export type paths = {};
