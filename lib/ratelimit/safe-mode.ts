/**
 * Safe mode of the shared rate-limit store (Redis or PostgreSQL). When the store fails (down,
 * refusing, or slower than its command timeout), each instance counts the limits in its own
 * memory: requests keep being served, with each limit enforced per instance instead of for
 * all of them together. One request every PROBE_EVERY_MS tries the store again; the first
 * answer ends safe mode. Entering and leaving it is logged once each, never per request; a
 * store that fails again within QUIET_MS of returning (a flapping link, a Redis thawing its
 * backlog) is the same outage and is not announced again.
 */
export const PROBE_EVERY_MS = 2_000;
const QUIET_MS = 5_000;

let downSince: number | null = null;
let nextProbeAt = 0;
let returnedAt = -Infinity;

/** Whether this request should ask the shared store: always when it is healthy, one request per probe interval when not. */
export function useSharedStore(): boolean {
  if (downSince === null) return true;
  if (Date.now() < nextProbeAt) return false;
  nextProbeAt = Date.now() + PROBE_EVERY_MS;
  return true;
}

export function sharedStoreFailed(error: unknown): void {
  nextProbeAt = Date.now() + PROBE_EVERY_MS;
  if (downSince !== null) return;
  downSince = Date.now();
  if (downSince - returnedAt < QUIET_MS) return;
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`Ribbon: rate limits in safe mode: the shared store failed (${reason}); each instance counts in its own memory until it answers again.`);
}

export function sharedStoreAnswered(): void {
  if (downSince === null) return;
  console.log(`Ribbon: rate limits shared again (the store was away ${((Date.now() - downSince) / 1000).toFixed(1)} s).`);
  downSince = null;
  returnedAt = Date.now();
}

/** For tests. */
export function inSafeMode(): boolean {
  return downSince !== null;
}
