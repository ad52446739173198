import type { PrismaClient } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { sha256 } from "@/lib/crypto";
import { isUniqueViolation } from "@/lib/database/errors";
import { conflict, ValidationError } from "@/lib/errors";
import { findIdempotencyKey, type IdempotencyReservation, type StoredKey } from "@/lib/idempotency";

/** A form's one-time key: the page puts it in the form, so a double-click or a resubmitted form acts once. */
export const isFormKey = (key: string) => /^[A-Za-z0-9_-]{16,64}$/.test(key);

type OnceInput<T> = {
  formKey: string;
  /** What the form does and with what (`<team>:gift\n<fields>`): the same key with other content is a 409. */
  content: string;
  /** Said when the same form comes back with other content. */
  conflictMessage: string;
  /** The answer for a form already acted on, from what its key recorded. */
  replay(stored: StoredKey): Promise<T>;
  /** Does the work, claiming the key in its transaction (a second claim is a unique violation). */
  run(reservation: IdempotencyReservation): Promise<T>;
};

/**
 * A dashboard form's work, once per form key: the key is an API idempotency key under a
 * `dashboard:` prefix (24 hours), owned by the person and mode. A form already acted on
 * answers what it did; two submissions at the same moment race for the key, and the loser
 * answers the winner's result.
 */
export async function oncePerForm<T>(
  db: PrismaClient,
  actor: TeamActor,
  input: OnceInput<T>,
): Promise<T & { repeated: boolean }> {
  if (!isFormKey(input.formKey)) throw new ValidationError([{ detail: "The form has expired: reload the page." }]);
  const reservation: IdempotencyReservation = {
    ownerKey: `${actor.user.id}:${actor.mode}`,
    key: `dashboard:${input.formKey}`,
    requestHash: sha256(input.content),
  };
  const earlier = async () => {
    const stored = await findIdempotencyKey(db, reservation.ownerKey, reservation.key);
    if (!stored) return null;
    if (stored.requestHash !== reservation.requestHash) throw conflict(input.conflictMessage);
    return { ...(await input.replay(stored)), repeated: true };
  };
  const before = await earlier();
  if (before) return before;
  try {
    return { ...(await input.run(reservation)), repeated: false };
  } catch (error) {
    const concurrent = isUniqueViolation(error) ? await earlier() : null;
    if (concurrent) return concurrent;
    throw error;
  }
}
