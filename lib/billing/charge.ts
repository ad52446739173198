import type { Tx } from "@/lib/db";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { BillingError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";

export type ChargeInput = { teamId: string; amountCents: number; description: string };

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
 * Charges the team's card on file and records it in the team's ledger. Runs inside the
 * caller's transaction, so a failure later in that transaction leaves no charge behind.
 */
export async function chargeTeam(tx: Queryable, input: ChargeInput): Promise<{ id: number }> {
  const card = await assertCardOnFile(tx, input.teamId);
  if (card.testBehavior === "decline") throw new BillingError("Your card was declined.");
  const [charge] = await queryRows<{ id: number }>(
    tx,
    Prisma.sql`
    INSERT INTO "Charge" ("teamId", "kind", "amountCents", "description", "cardLast4", "createdAt")
    VALUES (${input.teamId}, 'charge', ${input.amountCents}::int, ${input.description}, ${card.last4}, ${new Date()}::timestamp)
    RETURNING "id"`,
  );
  return charge;
}

/** Refunds one gift's share of a charge, as its own ledger entry. */
export async function refundGift(
  tx: Tx,
  gift: { id: string; teamId: string; chargeId: number | null; priceCents: number },
) {
  if (gift.chargeId === null) return null;
  const charge = await tx.charge.findUniqueOrThrow({ where: { id: gift.chargeId } });
  return tx.charge.create({
    data: {
      teamId: gift.teamId,
      kind: "refund",
      amountCents: -gift.priceCents,
      description: `Refund for cancelled gift ${gift.id}`,
      cardLast4: charge.cardLast4,
      refundOfId: charge.id,
      giftId: gift.id,
    },
  });
}
