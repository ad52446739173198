/**
 * What the selection's confirm form shows when not every gift was done: what was done (`done`),
 * the refusal or why nothing was (`error`), and each gift that refused with the reason.
 */
export type BulkState = { done?: string; error?: string; refusals?: { giftId: string; message: string }[] } | null;
