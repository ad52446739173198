import type { PrismaClient } from "@/lib/db";
import { queueEmail } from "@/lib/outbox";
import { moveGift } from "@/lib/gifts/stages";
import { emailLocale } from "@/lib/i18n";
import { catalogueIn } from "@/lib/catalogue/localized";
import { addressSchema } from "@/lib/redemption/schema";
import type { FulfilmentProvider, OrderStatus } from "./provider";
import { SimulatedWarehouse } from "./simulated";

/** Order attempts before a redeemed gift is given up (it moves to `failed` with the reason). */
export const MAX_FULFILMENT_ATTEMPTS = 5;
/** How long a sweep holds a gift while it submits the order. */
export const FULFILMENT_LEASE_MS = 60_000;

/** Wait before attempt n+1: 30 s, 2 min, 8 min, 32 min, … capped at 6 h. */
export function fulfilmentRetryDelayMs(attempt: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempt - 1), 6 * 60 * 60_000);
}

export type FulfilmentOptions = {
  now?: Date;
  /** Defaults to the simulated warehouse (the only provider so far; a real one is chosen here). */
  provider?: (gift: { id: string; livemode: boolean }) => FulfilmentProvider;
  maxAttempts?: number;
  limit?: number;
};

export type FulfilmentSummary = {
  submitted: string[];
  retrying: string[];
  failed: string[];
  shipped: string[];
  delivered: string[];
};

const simulated = new SimulatedWarehouse();
export const defaultProvider = (_gift: { id: string; livemode: boolean }): FulfilmentProvider => simulated;

/**
 * One idempotent pass of fulfilment, run by the sweeper and an Inngest cron:
 * 1. submits the orders of redeemed gifts that have none, each claimed first with a
 *    conditional update (a lease), so two sweeps racing never submit one gift twice;
 *    a refused order is retried with backoff and ends in `failed` with its reason;
 * 2. asks the provider how submitted orders are doing and moves gifts to `shipped`
 *    (with carrier and tracking) and `delivered` through the stage machine, once each.
 */
export async function advanceFulfilment(db: PrismaClient, options: FulfilmentOptions = {}): Promise<FulfilmentSummary> {
  const now = options.now ?? new Date();
  const providerFor = options.provider ?? defaultProvider;
  const summary: FulfilmentSummary = { submitted: [], retrying: [], failed: [], shipped: [], delivered: [] };
  await submitOrders(
    db,
    now,
    providerFor,
    options.maxAttempts ?? MAX_FULFILMENT_ATTEMPTS,
    options.limit ?? 50,
    summary,
  );
  await followOrders(db, now, providerFor, options.limit ?? 50, summary);
  return summary;
}

async function submitOrders(
  db: PrismaClient,
  now: Date,
  providerFor: NonNullable<FulfilmentOptions["provider"]>,
  maxAttempts: number,
  limit: number,
  summary: FulfilmentSummary,
) {
  const due = {
    stage: "redeemed",
    fulfilmentOrderId: null,
    OR: [{ fulfilmentLeaseUntil: null }, { fulfilmentLeaseUntil: { lte: now } }],
  };
  const candidates = await db.gift.findMany({
    where: due,
    select: { id: true },
    orderBy: { lastEventAt: "asc" },
    take: limit,
  });
  if (candidates.length === 0) return;
  // The claim: only gifts still due are taken, so a concurrent sweep gets none of these.
  const claimed = await db.gift.updateManyAndReturn({
    where: { AND: [due, { id: { in: candidates.map((c) => c.id) } }] },
    data: { fulfilmentLeaseUntil: new Date(now.getTime() + FULFILMENT_LEASE_MS), fulfilmentAttempts: { increment: 1 } },
    select: {
      id: true,
      livemode: true,
      address: true,
      fulfilmentAttempts: true,
      selectedProduct: { select: { id: true, slug: true, name: true } },
      variant: { select: { id: true, name: true } },
    },
  });

  for (const gift of claimed) {
    try {
      const address = addressSchema.parse(gift.address);
      if (!gift.selectedProduct) throw new Error("the gift has no chosen product");
      const { orderId } = await providerFor(gift).submit(
        { giftId: gift.id, product: gift.selectedProduct, variant: gift.variant, address },
        now,
      );
      await db.gift.updateMany({
        where: { id: gift.id, stage: "redeemed" },
        data: { fulfilmentOrderId: orderId, fulfilmentSubmittedAt: now, fulfilmentLeaseUntil: null },
      });
      summary.submitted.push(gift.id);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (gift.fulfilmentAttempts >= maxAttempts) {
        const message = `Order not accepted after ${gift.fulfilmentAttempts} attempts: ${reason}`;
        await db.$transaction((tx) =>
          moveGift(tx, gift.id, "failed", { at: now, message, data: { fulfilmentLeaseUntil: null } }),
        );
        summary.failed.push(gift.id);
      } else {
        const retryAt = new Date(now.getTime() + fulfilmentRetryDelayMs(gift.fulfilmentAttempts));
        await db.gift.updateMany({
          where: { id: gift.id, stage: "redeemed" },
          data: { fulfilmentLeaseUntil: retryAt },
        });
        summary.retrying.push(gift.id);
      }
    }
  }
}

async function followOrders(
  db: PrismaClient,
  now: Date,
  providerFor: NonNullable<FulfilmentOptions["provider"]>,
  limit: number,
  summary: FulfilmentSummary,
) {
  const open = await db.gift.findMany({
    where: { stage: { in: ["redeemed", "shipped"] }, fulfilmentOrderId: { not: null } },
    select: {
      id: true,
      livemode: true,
      stage: true,
      fulfilmentOrderId: true,
      fulfilmentSubmittedAt: true,
      recipientName: true,
      locale: true,
      from: true,
      redemptionEmail: true,
      selectedProduct: { select: { slug: true, name: true } },
      variant: { select: { name: true, size: true, color: true } },
    },
    orderBy: { lastEventAt: "asc" },
    take: limit,
  });
  for (const gift of open) {
    let status: OrderStatus;
    try {
      status = await providerFor(gift).status(
        { orderId: gift.fulfilmentOrderId!, giftId: gift.id, submittedAt: gift.fulfilmentSubmittedAt ?? now },
        now,
      );
    } catch (error) {
      // One order the provider can't answer for must not hold up the others: asked again next pass.
      console.warn(`Ribbon: no fulfilment status for gift ${gift.id} (will ask again):`, error);
      continue;
    }
    if (status.status === "pending") continue;
    const { carrier, trackingNumber, trackingUrl } = status;
    // The recipient is told of each move by email, queued with the move: exactly once each.
    // What they chose, named in their language (catalogueIn), as the untie page names it.
    const words = catalogueIn(emailLocale(gift.locale));
    const product = gift.selectedProduct
      ? `${words.product(gift.selectedProduct).name}${gift.variant ? ` (${words.variant(gift.variant).name})` : ""}`
      : "gift";
    const recipient = { giftId: gift.id, sandbox: !gift.livemode, to: gift.redemptionEmail ?? "" };
    const about = {
      recipientName: gift.recipientName,
      from: gift.from,
      productName: product,
      carrier,
      locale: emailLocale(gift.locale),
    };
    await db.$transaction(async (tx) => {
      if (
        gift.stage === "redeemed" &&
        (await moveGift(tx, gift.id, "shipped", {
          at: now,
          message: `Shipped with ${carrier}: ${trackingNumber}`,
          data: { carrier, trackingNumber, trackingUrl },
        }))
      ) {
        summary.shipped.push(gift.id);
        if (recipient.to)
          await queueEmail(
            tx,
            { ...recipient, kind: "shipped", props: { ...about, trackingNumber, trackingUrl } },
            now,
          );
      }
      if (
        status.status === "delivered" &&
        (await moveGift(tx, gift.id, "delivered", { at: now, message: `Delivered by ${carrier}` }))
      ) {
        summary.delivered.push(gift.id);
        if (recipient.to) await queueEmail(tx, { ...recipient, kind: "delivered", props: about }, now);
      }
    });
  }
}
