/** What the selection's confirm form shows when nothing was done: the reason, and each gift that refused. */
export type BulkState = { error?: string; refusals?: { giftId: string; message: string }[] } | null;
