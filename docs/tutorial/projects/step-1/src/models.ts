// The tables as viewsets models: the fields, their types and their validation come from the columns.
import { tableModel } from "@viewsets/drizzle";
import { authors, books, loans } from "./schema.js";

export const Author = tableModel(authors); // named "Author", the singular of its table
export const Book = tableModel(books, { allowBlank: { title: false } });
export const Loan = tableModel(loans);
