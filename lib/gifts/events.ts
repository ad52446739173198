import type { Tx } from "@/lib/db";
import { GIFT_ACTIONS, STAGES, type GiftAction, type Stage } from "./stages";

export { GIFT_ACTIONS, type GiftAction };

/**
 * An event's type, as the event feed, the gift's history and webhooks name it: one per stage
 * (`gift.scheduled` … `gift.failed`) and one per action (`gift.reminded`, `gift.updated`, …).
 */
export const EVENT_TYPES = [
  ...STAGES.map((stage) => `gift.${stage}` as const),
  ...GIFT_ACTIONS.map((action) => `gift.${action}` as const),
];
export type EventType = (typeof EVENT_TYPES)[number];

/** A `GiftEvent` row's type: its action's, else its stage's. */
export const eventTypeOf = (event: { stage: string; action?: string | null }): EventType =>
  (event.action ? `gift.${event.action}` : `gift.${event.stage}`) as EventType;

export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

const isAction = (name: string): name is GiftAction => (GIFT_ACTIONS as readonly string[]).includes(name);

/** The `GiftEvent` rows of some types, as a Prisma filter. */
export function eventsOfTypes(types: readonly EventType[]) {
  const names = types.map((t) => t.slice("gift.".length));
  return {
    OR: [
      { action: null, stage: { in: names.filter((n) => !isAction(n)) } },
      { action: { in: names.filter(isAction) } },
    ],
  };
}

/**
 * Records an action in the gift's history, in the caller's transaction (the change and its
 * event commit together, so the webhook dispatcher sees each exactly once).
 */
export async function recordGiftEvent(
  tx: Tx,
  event: { giftId: string; stage: Stage; action: GiftAction; message?: string | null; at?: Date },
): Promise<void> {
  await tx.giftEvent.create({
    data: {
      giftId: event.giftId,
      stage: event.stage,
      action: event.action,
      message: event.message ?? null,
      createdAt: event.at ?? new Date(),
    },
  });
}
