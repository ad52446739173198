/**
 * Whether an error means the database can't be reached right now (down, restarting,
 * refusing or dropping connections, or too slow to hand out a connection), as opposed to a
 * bug or bad data. Such failures become a 503 with Retry-After (lib/api/errors). The error
 * comes in one of several wrappers: Prisma's (P1001 "can't reach", P2010 around a raw
 * statement), its driver adapter's (a PostgreSQL SQLSTATE or a connection kind), or
 * node-postgres and Node themselves (ECONNREFUSED, "Connection terminated").
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const { code, kind, message, cause, meta } = e as {
      code?: unknown;
      kind?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (typeof code === "string" && (PRISMA_CODES.has(code) || NODE_CODES.has(code) || isConnectionSqlState(code)))
      return true;
    if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    queue.push(cause, meta?.driverAdapterError);
  }
  return false;
}

// P1001 can't reach, P1002 timed out, P1008 operation timed out, P1017 server closed the connection, P2024 no pool connection in time.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TransactionAlreadyClosed",
]);
const MESSAGES =
  /Can't reach database server|Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down|in recovery mode)/i;

/** SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, crash, cannot connect now), 53300 (too many connections). */
function isConnectionSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300";
}

/** How long a client is asked to wait (Retry-After, seconds) while the database is away. */
export const RETRY_AFTER_S = 5;
let lastUnavailableLog = 0;

/** One log line per 10 s while the database is away, not one per request. */
export function logUnavailable(error: unknown): void {
  if (Date.now() - lastUnavailableLog < 10_000) return;
  lastUnavailableLog = Date.now();
  console.error(
    "Ribbon: the database is unavailable; answering 503 until it returns:",
    error instanceof Error ? error.message.trim().split("\n").at(-1) : error,
  );
}
