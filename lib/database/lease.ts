/**
 * How a worker holds rows it claimed (gift emails, webhook deliveries): a short lease in the
 * row, renewed every LEASE_RENEW_MS while the worker is alive and busy with them. A lease
 * that nobody renewed for LEASE_MS means its owner died (kill -9, crash, lost machine) or
 * stalled, and any instance's next sweep claims the rows again: a dead instance's work is
 * taken over within LEASE_MS plus one sweep interval.
 */
export const LEASE_MS = 20_000;
export const LEASE_RENEW_MS = 5_000;

/**
 * Calls `renew` every LEASE_RENEW_MS until the returned `stop` is called. A failed renewal is
 * only logged: the lease then runs out and another worker may take the rows over.
 */
export function renewWhileWorking(renew: () => Promise<unknown>): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    renew()
      .catch((error: unknown) =>
        console.error("Ribbon: could not renew a lease:", error instanceof Error ? error.message : error),
      )
      .finally(() => (busy = false));
  }, LEASE_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}
