// The library's custom actions: returning a loan, and the books out on loan now.
import { type Router, ValidationError, sendJSON } from "@viewsets/core";
import { createManager } from "@viewsets/drizzle";
import { eq } from "drizzle-orm";
import type { LibraryDatabase } from "./db.js";
import { loans } from "./schema.js";

type Loan = typeof loans.$inferSelect;

export function registerActions(router: Router, db: LibraryDatabase): void {
  const loanManager = createManager(db, loans); // writes a loan as the loans viewset does
  // POST /api/v1/loans/{id}/return: the loan as a retrieve shows it, now returned.
  router.action(
    "loans",
    "return",
    {
      methods: ["POST"],
      detail: true,
      checks: true, // the viewset's authentication, permissions ("return" maps to "change") and throttles
      atomic: true, // one transaction: rolled back if anything below throws
      serializer: true,
      summary: "Return a borrowed book",
    },
    async (_request, action) => {
      const loan = await action.getObject<Loan>(); // 404 when there is no such loan
      if (loan.returned) throw new ValidationError({ non_field_errors: ["This loan was already returned."] });
      loan.returned = true;
      return action.respond(await loanManager.update(action.ctx, loan));
    },
  );

  // GET /api/v1/books/on-loan: the ids of the books out on loan, without paging through loans.
  router.action("books", "on-loan", { summary: "The books out on loan" }, async () => {
    const out = db.selectDistinct({ bookId: loans.bookId }).from(loans).where(eq(loans.returned, false)).all();
    return sendJSON(200, { bookIds: out.map((row) => row.bookId).sort((a, b) => a - b) });
  });
}
