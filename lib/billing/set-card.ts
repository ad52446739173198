import type { Tx } from "@/lib/db";
import { badRequest } from "@/lib/errors";
import { parseCardNumber } from "./test-cards";

export type SetCardInput = { teamId: string; number: string; expMonth?: number; expYear?: number };

/** Puts a card on file for the team, replacing the previous one. */
export async function setCard(db: Tx, input: SetCardInput) {
  const card = parseCardNumber(input.number);
  const now = new Date();
  const expMonth = input.expMonth ?? 12;
  const expYear = input.expYear ?? now.getUTCFullYear() + 3;
  if (!(expMonth >= 1 && expMonth <= 12) || expYear < now.getUTCFullYear()) throw badRequest("The card's expiry is not valid.");
  const data = { brand: card.brand, last4: card.last4, expMonth, expYear, testBehavior: card.behavior };
  return db.paymentMethod.upsert({ where: { teamId: input.teamId }, create: { teamId: input.teamId, ...data }, update: data });
}
