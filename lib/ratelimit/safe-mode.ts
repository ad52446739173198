/**
 * Safe mode of the shared rate-limit store (Redis or PostgreSQL). When the store fails (down,
 * refusing, or slower than its command timeout), each instance counts the limits in its own
 * memory: requests keep being served, with each limit enforced per instance instead of for
 * all of them together. Every PROBE_EVERY_MS one request also tries the store again, in the
 * background (it is answered from memory, never kept waiting on a store that hangs); the first
 * answer ends safe mode.
 *
 * Logged once on the way in and once on the way out, never per request. A single timeout
 * (one slow answer on a busy machine) is not announced: it is an outage only if the next
 * probe fails too. A store that fails again within QUIET_MS of returning (a flapping link,
 * a Redis working through its backlog after a freeze) is the same outage.
 */
export const PROBE_EVERY_MS = 2_000;
const QUIET_MS = 5_000;

let downSince: number | null = null;
let announced = false;
let nextProbeAt = 0;
let returnedAt = -Infinity;

const isTimeout = (error: unknown) => error instanceof Error && /timed out|timeout/i.test(error.message);

/**
 * How this request uses the shared store: `ask` it (healthy), or count in memory and, once per
 * probe interval, `probe` it in the background.
 */
export function sharedStoreUse(): "ask" | "probe" | "memory" {
  if (downSince === null) return "ask";
  if (Date.now() < nextProbeAt) return "memory";
  nextProbeAt = Date.now() + PROBE_EVERY_MS;
  return "probe";
}

export function sharedStoreFailed(error: unknown): void {
  nextProbeAt = Date.now() + PROBE_EVERY_MS;
  const firstFailure = downSince === null;
  downSince ??= Date.now();
  if (announced || (firstFailure && isTimeout(error))) return;
  announced = true;
  if (Date.now() - returnedAt < QUIET_MS) return;
  const reason = error instanceof Error ? error.message : String(error);
  console.error(
    `Ribbon: rate limits in safe mode: the shared store failed (${reason}); each instance counts in its own memory until it answers again.`,
  );
}

export function sharedStoreAnswered(): void {
  if (downSince === null) return;
  if (announced) {
    console.log(
      `Ribbon: rate limits shared again (the store was away ${((Date.now() - downSince) / 1000).toFixed(1)} s).`,
    );
    returnedAt = Date.now();
  }
  downSince = null;
  announced = false;
}
