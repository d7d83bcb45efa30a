/**
 * The admin contract on one framework over SQLite, as mutation testing runs it
 * (vitest.mutation.config.ts): the answers are the same on every framework and database, and
 * `contract.test.ts` checks that; a mutant only needs one of them to be caught.
 */
import { runAdminContract } from "./admin-contract.js";
import { sqliteDatabase } from "./fixture.js";

runAdminContract({ name: "express, SQLite", framework: "express", database: () => sqliteDatabase() });
