export { findIdempotencyKey, IDEMPOTENCY_TTL_MS, reserveIdempotencyKey, saveIdempotentResponse } from "./keys";
export type { IdempotencyReservation, StoredKey } from "./keys";
