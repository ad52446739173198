import { STAGES, type Stage } from "@/lib/gifts";

/** One event type per gift stage: `gift.scheduled` … `gift.failed`. */
export const EVENT_TYPES = STAGES.map((stage) => `gift.${stage}` as const);
export type EventType = (typeof EVENT_TYPES)[number];

export const eventTypeOf = (stage: string): EventType => `gift.${stage as Stage}`;

export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

/** The stage a `gift.<stage>` type names. */
export const stageOf = (type: EventType): Stage => type.slice("gift.".length) as Stage;
