// The library's tables: authors, their books, and the loans of those books.
import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const authors = sqliteTable("authors", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text({ length: 200 }).notNull(),
  born: integer(), // a year; null when unknown
});

export const books = sqliteTable("books", {
  id: integer().primaryKey({ autoIncrement: true }),
  title: text({ length: 300 }).notNull(),
  authorId: integer()
    .notNull()
    .references(() => authors.id),
  published: integer().notNull(), // a year
  isbn: text({ length: 13 }).notNull().unique(),
});

export const loans = sqliteTable("loans", {
  id: integer().primaryKey({ autoIncrement: true }),
  bookId: integer()
    .notNull()
    .references(() => books.id),
  borrower: text({ length: 200 }).notNull(),
  // SQLite has no date type: a timestamp is an integer column in timestamp_ms mode, ISO 8601 text on the wire.
  loanedAt: integer({ mode: "timestamp_ms" }).notNull().default(sql`(unixepoch() * 1000)`),
  returned: integer({ mode: "boolean" }).notNull().default(false),
});
