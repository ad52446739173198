import type { PrismaClient } from "@/lib/db";
import { moveGifts } from "@/lib/gifts/stages";
import { claimDueGifts } from "./claim";
import { deliverClaimedGift, type DeliveryOptions, type DeliveryResult } from "./deliver-gift";

export type SweepOptions = DeliveryOptions & {
  /** Most gifts claimed by one sweep (each claim holds its gifts for the lease time). */
  limit?: number;
  /** Deliveries in flight at once within the sweep. */
  concurrency?: number;
};

export type SweepSummary = {
  claimed: number;
  sent: number;
  suppressed: number;
  retried: number;
  failed: number;
  /** Unexpected errors (e.g. the database went away): the gift's lease runs out and a later sweep retries it. */
  errors: number;
  results: DeliveryResult[];
};

/**
 * Delivers gift emails that are due: claims up to `limit` (skipping any another worker
 * holds) and delivers each. Safe to run from any number of workers at once.
 */
export async function deliverDueGifts(db: PrismaClient, options: SweepOptions = {}): Promise<SweepSummary> {
  const { limit = 100, concurrency = 4, ...delivery } = options;
  const claimed = await claimDueGifts(db, { now: delivery.now ?? new Date(), limit });
  const summary: SweepSummary = { claimed: claimed.length, sent: 0, suppressed: 0, retried: 0, failed: 0, errors: 0, results: [] };
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const gift = claimed[next++];
      try {
        const result = await deliverClaimedGift(db, gift, delivery);
        summary.results.push(result);
        if (result.outcome === "sent") summary.sent++;
        else if (result.outcome === "suppressed") summary.suppressed++;
        else if (result.outcome === "retry") summary.retried++;
        else if (result.outcome === "failed") summary.failed++;
      } catch (error) {
        summary.errors++;
        console.error(`Ribbon: delivering gift ${gift.id} failed unexpectedly; it will be retried after its lease:`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, claimed.length)) }, worker));
  return summary;
}

/** Midnight UTC of `now`'s day: `expiresOn` is a calendar date. */
export function utcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Moves every unredeemed gift whose `expiresOn` day (UTC) is over to `expired`, with an
 * event each. A gift can be redeemed through its expiry date. Returns the ids moved.
 */
export async function expireGifts(db: PrismaClient, now: Date = new Date()): Promise<string[]> {
  return db.$transaction((tx) =>
    moveGifts(tx, { expiresOn: { lt: utcDay(now) } }, "expired", {
      at: now,
      message: "Not redeemed before its expiry date",
      data: { deliveryLeaseUntil: null },
    }),
  );
}
