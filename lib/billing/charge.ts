import type { Tx } from "@/lib/db";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { BillingError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { enforceBudget } from "./budget";
import { enforceCaps } from "./caps";
import { readSpendControls, type SpendControls } from "./controls";

/**
 * Who caused a ledger entry: through a developer token, an OAuth token or the site's session
 * (with the person and, for the two tokens, the ApiToken or OAuthToken id), or Ribbon itself
 * (`system`: a job, no person).
 */
export type ChargedBy =
  | { via: "token" | "oauth"; credentialId: number; userId: string }
  | { via: "session"; credentialId: null; userId: string }
  | { via: "system"; credentialId: null; userId: null };

/** A ledger entry Ribbon causes itself (a job, not a person). */
export const SYSTEM: ChargedBy = { via: "system", credentialId: null, userId: null };

/** Who caused it, from an actor (lib/actor's Actor has this shape). */
export function chargedBy(
  actor:
    | { via: "token" | "oauth"; credentialId: number; user: { id: string } }
    | { via: "session"; credentialId: null; user: { id: string } },
): ChargedBy {
  return actor.via === "session"
    ? { via: "session", credentialId: null, userId: actor.user.id }
    : { via: actor.via, credentialId: actor.credentialId, userId: actor.user.id };
}

/**
 * A charge converted from a collection's currency into the team's (lib/gifts/conversion.ts):
 * the quote it was made from, one gift's parts in the collection's currency, the rate (an exact
 * decimal string) with its day and source, and one gift's converted price.
 */
export type ChargeConversion = {
  quoteId: string | null;
  sourceCurrency: string;
  sourcePriceMinor: number;
  sourceShippingMinor: number;
  rate: string;
  rateDate: string;
  rateSource: string;
  perGiftMinor: number;
};

export type ChargeInput = {
  teamId: string;
  amountCents: number;
  /** The dearest gift the charge pays for: checked against the team's per-gift limit. */
  largestGiftCents: number;
  /** The collections the gifts come from: checked against the credential's allowed collections. */
  collectionIds: number[];
  description: string;
  by: ChargedBy;
  /** Set when the amount was converted into the team's currency: kept on the ledger row. */
  conversion?: ChargeConversion;
  /**
   * Set when the amount includes estimated import charges (lib/gifts/landed-cost.ts): their
   * sums, kept on the ledger row, and the quote that held them (when no conversion names it).
   */
  importCharges?: { dutiesMinor: number; taxesMinor: number; quoteId: string | null };
};

/** The team's card on file; a team without one can't be charged (BillingError `no_card_on_file`). */
export async function assertCardOnFile(tx: Queryable, teamId: string) {
  const [card] = await queryRows<{ last4: string; testBehavior: string }>(
    tx,
    Prisma.sql`SELECT "last4", "testBehavior" FROM "PaymentMethod" WHERE "teamId" = ${teamId}`,
  );
  if (!card) throw new BillingError("This team has no card on file.", "no_card_on_file");
  return card;
}

/**
 * Everything that must hold before the team's card is charged (the card on file, the team's
 * budget: lib/billing/budget.ts, the credential's caps: lib/billing/caps.ts, a test card that
 * declines), checked inside the caller's transaction; throws BillingError, else returns the card.
 * A team with a budget, or a credential with caps, is locked here until the transaction ends.
 */
export async function checkCharge(
  tx: Queryable,
  input: ChargeInput,
  controls: SpendControls,
): Promise<{ last4: string }> {
  const card = controls.card;
  if (!card) throw new BillingError("This team has no card on file.", "no_card_on_file");
  await enforceBudget(tx, input, controls);
  await enforceCaps(tx, input, controls.caps);
  if (card.testBehavior === "decline") throw new BillingError("Your card was declined.");
  return card;
}

/**
 * The charge's ledger row as `INSERT … SELECT` with no WHERE and no RETURNING, for a caller that
 * writes it in the statement that writes what it pays for (lib/gifts/insert-gifts.ts: only
 * when the gifts are written). Only after `checkCharge`, in the same transaction.
 */
export function chargeInsertSql(input: ChargeInput, card: { last4: string }): Prisma.Sql {
  const c = input.conversion;
  const i = input.importCharges;
  // In the team's currency (stored lower case, as Stripe does; upper case on the wire).
  return Prisma.sql`
    INSERT INTO "Charge" ("teamId", "kind", "amountCents", "currency", "description", "cardLast4", "createdAt", "actorVia", "credentialId", "actorUserId",
                          "quoteId", "sourceCurrency", "sourcePriceMinor", "sourceShippingMinor", "rate", "rateDate", "rateSource", "perGiftMinor",
                          "dutiesMinor", "taxesMinor")
    SELECT ${input.teamId}, 'charge', ${input.amountCents}::int,
           (SELECT lower("currency") FROM "Team" WHERE "id" = ${input.teamId}), ${input.description}, ${card.last4}, ${new Date()}::timestamp,
           ${input.by.via}, ${input.by.credentialId}::int, ${input.by.userId},
           ${c?.quoteId ?? i?.quoteId ?? null}::text, ${c?.sourceCurrency ?? null}::text, ${c?.sourcePriceMinor ?? null}::int,
           ${c?.sourceShippingMinor ?? null}::int, ${c?.rate ?? null}::text, ${c?.rateDate ?? null}::date,
           ${c?.rateSource ?? null}::text, ${c?.perGiftMinor ?? null}::int, ${i?.dutiesMinor ?? null}::int,
           ${i?.taxesMinor ?? null}::int`;
}

/**
 * Charges the team's card on file and records it in the team's ledger, within the team's
 * budget (lib/billing/budget.ts) and the credential's caps (lib/billing/caps.ts). Runs inside the caller's
 * transaction, so a failure later in that transaction leaves no charge behind.
 */
export async function chargeTeam(
  tx: Queryable,
  input: ChargeInput,
  /** What this transaction already read of the spend controls (`readSpendControls`); read here otherwise. */
  known?: SpendControls,
): Promise<{ id: number }> {
  const controls = known ?? (await readSpendControls(tx, input.teamId, input.by));
  const card = await checkCharge(tx, input, controls);
  const [charge] = await queryRows<{ id: number }>(tx, Prisma.sql`${chargeInsertSql(input, card)} RETURNING "id"`);
  return charge;
}

/**
 * Refunds one gift's share of a charge, as its own ledger entry, recording who caused it and
 * why the gift ended (cancelled by the sender, declined by the recipient: docs/api.md, Refunds).
 */
export async function refundGift(
  tx: Tx,
  gift: { id: string; teamId: string; chargeId: number | null; priceCents: number },
  by: ChargedBy,
  why: "cancelled" | "declined" = "cancelled",
) {
  if (gift.chargeId === null) return null;
  const charge = await tx.charge.findUniqueOrThrow({ where: { id: gift.chargeId } });
  return tx.charge.create({
    data: {
      teamId: gift.teamId,
      kind: "refund",
      amountCents: -gift.priceCents,
      // The gift's price is in its charge's currency: the refund is in it too.
      currency: charge.currency,
      description: `Refund for ${why} gift ${gift.id}`,
      cardLast4: charge.cardLast4,
      refundOfId: charge.id,
      giftId: gift.id,
      actorVia: by.via,
      credentialId: by.credentialId,
      actorUserId: by.userId,
    },
  });
}
