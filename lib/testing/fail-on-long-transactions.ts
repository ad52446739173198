import { afterEach, expect } from "vitest";
import { onLongTransaction, type LongTransaction } from "@/lib/database/transaction-budget";

// Every transaction is timed where it is opened (lib/database/transaction-budget.ts). One that held
// the database longer than RIBBON_TRANSACTION_BUDGET_MS fails the test that ran it, named by its
// caller, unless it was opened under `allowLongTransaction` with its reason.
const long: LongTransaction[] = [];
onLongTransaction((t) => {
  if (!t.allowed) long.push(t);
});

afterEach(() => {
  const found = long.splice(0);
  expect(found, "transactions over budget: work over many rows runs in chunks of short transactions").toEqual([]);
});
