import type { PrismaClient } from "@/lib/db";
import { moveGifts } from "@/lib/gifts/stages";
import { claimDueGifts } from "./claim";
import { deliverClaimedGifts, type DeliveryOptions, type DeliveryResult } from "./deliver-gift";

export type SweepOptions = DeliveryOptions & {
  /** Most gifts claimed (and committed together) by one sweep; each claim holds its gifts for the lease time. */
  limit?: number;
};

export type SweepSummary = {
  claimed: number;
  sent: number;
  suppressed: number;
  retried: number;
  failed: number;
  results: DeliveryResult[];
};

/**
 * Delivers gift emails that are due: claims up to `limit` (skipping any another worker
 * holds) and delivers them. Safe to run from any number of workers at once. If it throws
 * (e.g. the database went away), the claimed gifts are retried once their lease runs out.
 */
export async function deliverDueGifts(db: PrismaClient, options: SweepOptions = {}): Promise<SweepSummary> {
  const { limit = 50, ...delivery } = options;
  const claimed = await claimDueGifts(db, { now: delivery.now ?? new Date(), limit });
  const results = claimed.length > 0 ? await deliverClaimedGifts(db, claimed, delivery) : [];
  const count = (outcome: DeliveryResult["outcome"]) => results.filter((r) => r.outcome === outcome).length;
  return {
    claimed: claimed.length,
    sent: count("sent"),
    suppressed: count("suppressed"),
    retried: count("retry"),
    failed: count("failed"),
    results,
  };
}

/**
 * Delivers every gift email that is due: `lanes` sweeps run side by side (one renders while
 * another waits on the database), each claiming `limit` gifts at a time until a claim comes
 * back short or `stop()` says so. Claims keep the lanes apart, as they keep workers apart.
 * Returns how many gifts were claimed.
 */
export async function deliverAllDue(
  db: PrismaClient,
  options: SweepOptions & { lanes?: number; stop?: () => boolean } = {},
): Promise<number> {
  const { lanes = 3, stop = () => false, ...sweep } = options;
  const limit = sweep.limit ?? 50;
  let claimed = 0;
  const lane = async () => {
    for (;;) {
      const summary = await deliverDueGifts(db, { ...sweep, limit });
      claimed += summary.claimed;
      if (summary.claimed < limit || stop()) return;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  return claimed;
}

/** Midnight UTC of `now`'s day: `expiresOn` is a calendar date. */
export function utcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Moves every unredeemed gift whose `expiresOn` day (UTC) is over to `expired`, with an
 * event each. A gift can be redeemed through its expiry date. Returns the ids moved. Without
 * `giftId`, gifts on a sandbox test clock are left to their clock (lib/simulation/test-clock.ts).
 */
export async function expireGifts(db: PrismaClient, now: Date = new Date(), giftId?: string): Promise<string[]> {
  const which = giftId === undefined ? { clockAt: null } : { id: giftId };
  return db.$transaction((tx) =>
    moveGifts(tx, { expiresOn: { lt: utcDay(now) }, ...which }, "expired", {
      at: now,
      message: "Not redeemed before its expiry date",
      data: { deliveryLeaseUntil: null },
    }),
  );
}
