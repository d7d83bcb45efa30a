export { runAdapterContract } from "./adapter-contract.js";
export { runAuthContract } from "./auth-contract.js";
export { authApp, Note, ALICE, BOB } from "./auth-fixtures.js";
export type { AdapterContractOptions, ContractServer, ServeOptions } from "./adapter-contract.js";
export { MemoryManager } from "./memory-manager.js";
export { contractApp, countingThrottle, Product, Category, BIG_ID } from "./fixtures.js";
export type { ContractApp, ProductRow, CategoryRow } from "./fixtures.js";
export { listenOnLoopback } from "./listen.js";
