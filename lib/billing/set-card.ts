import type { Tx } from "@/lib/db";
import { badRequest } from "@/lib/errors";
import { parseCardNumber } from "./test-cards";

export type SetCardInput = { teamId: string; number: string; expMonth?: number; expYear?: number };

/** Puts a card on file for the team, replacing the previous one. */
export async function setCard(db: Tx, input: SetCardInput, now = new Date()) {
  const card = parseCardNumber(input.number);
  const expMonth = input.expMonth ?? 12;
  const expYear = input.expYear ?? now.getUTCFullYear() + 3;
  if (!(expMonth >= 1 && expMonth <= 12)) throw badRequest("The card's expiry month must be 1 to 12.");
  const expired =
    expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
  if (expired) throw badRequest("The card has expired.");
  const data = { brand: card.brand, last4: card.last4, expMonth, expYear, testBehavior: card.behavior };
  return db.paymentMethod.upsert({
    where: { teamId: input.teamId },
    create: { teamId: input.teamId, ...data },
    update: data,
  });
}
