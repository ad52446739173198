// Gift email delivery: claim, render, send, record. See deliver-gift.ts for the rules.
export { deliverGift, deliverClaimedGifts, retryDelayMs, MAX_ATTEMPTS } from "./deliver-gift";
export type { DeliveryOptions, DeliveryResult } from "./deliver-gift";
export { claimDueGifts, LEASE_MS } from "./claim";
export { deliverAllDue, deliverDueGifts, expireGifts, utcDay } from "./sweep";
export type { SweepOptions, SweepSummary } from "./sweep";
