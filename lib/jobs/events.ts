import { eventType, staticSchema, type Inngest } from "inngest";
import { config } from "@/lib/config";
import { inngest } from "./client";

/** Sent after a gift with an email to schedule is committed. */
export const giftScheduled = eventType("gift/scheduled", {
  schema: staticSchema<{ giftId: string; scheduledAt: string }>(),
});
/** Sent after a gift is cancelled: cancels its waiting `deliver-scheduled-gift` run. */
export const giftCancelled = eventType("gift/cancelled", { schema: staticSchema<{ giftId: string }>() });

/**
 * Whether gift notices go to Inngest at all. Without it a route has nothing to send after its
 * response, and should not register an after() hook: Next's costs ~0.25 ms of CPU per request.
 */
export const sendsJobEvents = (): boolean => config.inngest;

/** Events per request to Inngest (its limit is 5,000 events and a few MB per request). */
const BATCH = 500;

/**
 * Tells Inngest about gifts whose email is scheduled, one `gift/scheduled` event each,
 * sent in batches. Gifts without `scheduledAt` (link gifts) are left out. Does nothing
 * unless Inngest is configured (the in-process sweeper finds due gifts by itself).
 *
 * Call it after the gifts are committed. It never throws: if Inngest can't be reached
 * the minute sweep (`sweep-due-gifts`) still delivers the gifts, so the error is logged.
 * The event id is derived from the gift id, so Inngest ignores a repeated notice.
 */
export async function notifyGiftsScheduled(
  gifts: { id: string; scheduledAt: Date | null }[],
  client: Inngest.Any = inngest,
): Promise<void> {
  if (!config.inngest) return;
  const events = gifts.flatMap((g) =>
    g.scheduledAt
      ? [
          {
            id: `gift-scheduled-${g.id}`,
            name: giftScheduled.name,
            data: { giftId: g.id, scheduledAt: g.scheduledAt.toISOString() },
          },
        ]
      : [],
  );
  for (let i = 0; i < events.length; i += BATCH) {
    await sendOrLog(client, events.slice(i, i + BATCH), `${events.length} gift/scheduled event(s)`);
  }
}

/** Tells Inngest a gift was cancelled, which cancels its scheduled delivery run. No-op without Inngest. */
export async function notifyGiftCancelled(giftId: string, client: Inngest.Any = inngest): Promise<void> {
  if (!config.inngest) return;
  await sendOrLog(
    client,
    [{ id: `gift-cancelled-${giftId}`, name: giftCancelled.name, data: { giftId } }],
    "gift/cancelled event",
  );
}

async function sendOrLog(
  client: Inngest.Any,
  events: { id: string; name: string; data: Record<string, unknown> }[],
  what: string,
): Promise<void> {
  try {
    await client.send(events);
  } catch (error) {
    // Not fatal: deliverGift re-checks the gift's stage, and the cron sweep delivers due gifts.
    console.error(`Ribbon: could not send ${what} to Inngest:`, error instanceof Error ? error.message : error);
  }
}
