import { afterEach, expect } from "vitest";
import { onLongTransaction, type LongTransaction } from "@/lib/database/transaction-budget";
import { loadStretch } from "./load-stretch";

// Every transaction is timed where it is opened (lib/database/transaction-budget.ts). One that held
// the database longer than RIBBON_TRANSACTION_BUDGET_MS fails the test that ran it, named by its
// caller, unless it was opened under `allowLongTransaction` with its reason. Files share a worker
// (vitest.config.ts `isolate: false`): the listener is registered once per worker.
//
// The budget is wall time, stretched on a machine busier than its cores (load-stretch.ts): work
// long by construction (many rows in one transaction) stays many times over it.
const holder = globalThis as unknown as { __ribbonLongInTests?: LongTransaction[] };
const long = (holder.__ribbonLongInTests ??= (() => {
  const found: LongTransaction[] = [];
  onLongTransaction((t) => {
    if (!t.allowed && t.ms > t.budgetMs * loadStretch()) found.push(t);
  });
  return found;
})());

afterEach(() => {
  const found = long.splice(0);
  expect(found, "transactions over budget: work over many rows runs in chunks of short transactions").toEqual([]);
});
