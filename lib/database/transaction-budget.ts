import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { config } from "@/lib/config";

/**
 * PGlite has one connection: while a transaction is open every other request of the instance
 * waits. Every transaction is timed where it is opened (`timeTransactions` wraps the client's
 * `$transaction` and the driver's transaction of lib/database/open.ts), from its first statement
 * to its COMMIT. One that holds the database longer than the budget is reported with its caller:
 * logged in production, and in tests collected by lib/testing/fail-on-long-transactions.ts, which
 * fails the test that ran it. Work over many rows runs in chunks of short transactions instead.
 */

export type LongTransaction = { ms: number; budgetMs: number; caller: string; allowed?: string };

type Holder = { __ribbonLongTransactions?: { listeners: Set<(t: LongTransaction) => void> } };
const holder = globalThis as unknown as Holder;
const state = (holder.__ribbonLongTransactions ??= { listeners: new Set() });

/** Called for every transaction over its budget (tests collect them; the log line is written regardless). */
export function onLongTransaction(listener: (t: LongTransaction) => void): () => void {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

const allowance = new AsyncLocalStorage<string>();

/**
 * Runs `work` whose one transaction may outlive the budget, for the stated reason: work that is
 * all or nothing by contract (a bulk create of 10,000 gifts and its one charge) or a test's own
 * fixtures. It is still logged, with the reason, but fails no test.
 */
export function allowLongTransaction<T>(reason: string, work: () => T): T {
  return allowance.run(reason, work);
}

const ROOT = process.cwd() + path.sep;

/** Where transactions are opened on behalf of others: never the caller (by file in source, by name in a bundle). */
const PLUMBING_FILE = /[/\\]lib[/\\]database[/\\](open|sql|transaction-budget)\.ts$/;
const PLUMBING_NAME = /(^|\.)(timedTransaction|\$transaction|transaction|sqlTransaction|inTransaction)$/;

/**
 * The first frame outside the database plumbing, node_modules and Node's own code: the function
 * that opened the transaction, as `name (file:line)`. In the production build (server code is not
 * minified, next.config.mjs) the file is a chunk of .next: the name says which function it was.
 */
function callerOf(site: Error): string {
  for (const frame of (site.stack ?? "").split("\n").slice(1)) {
    const at = /^\s*at (?:async )?(?:(.+?) \()?((?:file:\/\/)?[^()\s]+):(\d+):\d+\)?$/.exec(frame);
    if (!at) continue;
    const [, name, rawFile, line] = at;
    const file = rawFile.replace(/^file:\/\//, "");
    if (!file.startsWith("/") || file.includes("node_modules") || PLUMBING_FILE.test(file)) continue;
    if (name && PLUMBING_NAME.test(name)) continue;
    const where = `${file.startsWith(ROOT) ? file.slice(ROOT.length) : file}:${line}`;
    return name && file.includes(`${path.sep}.next${path.sep}`) ? `${name} (${where})` : where;
  }
  return "unknown";
}

function report(startedAt: number, site: Error, allowed: string | undefined) {
  const ms = performance.now() - startedAt;
  const budgetMs = config.transactionBudgetMs;
  if (budgetMs === 0 || ms <= budgetMs) return;
  const long: LongTransaction = {
    ms: Math.round(ms),
    budgetMs,
    caller: callerOf(site),
    ...(allowed ? { allowed } : {}),
  };
  console.warn(
    JSON.stringify({
      level: "warn",
      msg: "transaction over budget",
      ms: long.ms,
      budget_ms: budgetMs,
      caller: long.caller,
      ...(allowed ? { allowed } : {}),
    }),
  );
  for (const listener of state.listeners) listener(long);
}

/** Times `run`, which opens one transaction and calls `work` inside it, from `work`'s start to `run`'s end. */
export async function timedTransaction<W extends (...args: never[]) => Promise<unknown>, T>(
  run: (work: W) => Promise<T>,
  work: W,
): Promise<T> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40; // past Prisma's own frames
  const site = new Error(); // its stack is formatted only if the transaction runs long
  Error.stackTraceLimit = limit;
  const allowed = allowance.getStore();
  let startedAt = 0;
  const timed = ((...args: never[]) => ((startedAt = performance.now()), work(...args))) as W;
  try {
    return await run(timed);
  } finally {
    if (startedAt) report(startedAt, site, allowed);
  }
}

type Transacting = { $transaction: (...args: never[]) => Promise<unknown> };

/** Wraps the client's `$transaction` (interactive and batch forms) so every transaction is timed. */
export function timeTransactions<P extends Transacting>(prisma: P): P {
  const original = prisma.$transaction.bind(prisma) as (arg: unknown, options?: unknown) => Promise<unknown>;
  const $transaction = (arg: unknown, options?: unknown) => {
    if (typeof arg === "function")
      return timedTransaction((work) => original(work, options), arg as (tx: never) => Promise<unknown>);
    // The batch form runs its statements back to back: timed whole.
    return timedTransaction(
      (work) => work(),
      () => original(arg, options),
    );
  };
  return Object.assign(prisma, { $transaction });
}
