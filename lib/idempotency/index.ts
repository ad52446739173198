export {
  findIdempotencyKey,
  IDEMPOTENCY_TTL_MS,
  purgeExpiredIdempotencyKeys,
  reserveIdempotencyKey,
  saveIdempotentResponse,
} from "./keys";
export type { IdempotencyReservation, StoredKey } from "./keys";
