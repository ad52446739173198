import type { Tx } from "@/lib/db";
import { parseExpiry } from "./expiry";
import { setCard } from "./set-card";
import { badRequest } from "@/lib/errors";
import { requireMember, requireOwner } from "@/lib/teams/roles";

export type CardView = { brand: string; last4: string; expMonth: number; expYear: number; declines: boolean };
export type ChargeView = {
  id: number;
  kind: "charge" | "refund";
  amountCents: number;
  currency: string;
  description: string;
  cardLast4: string;
  createdAt: Date;
};

export type StoredCard = { brand: string; last4: string; expMonth: number; expYear: number; testBehavior: string };
export const toCardView = (card: StoredCard): CardView => ({
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  declines: card.testBehavior === "decline",
});

const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

/** "Visa •••• 4242, expires 12/28". */
export function describeCard(card: CardView): string {
  return `${BRAND_NAMES[card.brand] ?? "Card"} •••• ${card.last4}, expires ${String(card.expMonth).padStart(2, "0")}/${String(card.expYear % 100).padStart(2, "0")}`;
}

/**
 * An owner puts the team's test card on file (or replaces it): a valid number and an expiry
 * "MM / YY". Only brand, last four and expiry are kept. Declining test numbers are accepted:
 * they exist to try declines through the API.
 */
export async function setTeamCard(
  db: Tx,
  input: { actorId: string; teamId: string; number: unknown; expiry: unknown },
  now = new Date(),
): Promise<CardView> {
  await requireOwner(db, input.actorId, input.teamId, "manage the card on file");
  if (typeof input.number !== "string" || !input.number.trim()) throw badRequest("Enter the card number.");
  const { expMonth, expYear } = parseExpiry(input.expiry, now);
  const card = await setCard(db, { teamId: input.teamId, number: input.number, expMonth, expYear }, now);
  return toCardView(card);
}

/** The team's card as any member may see it (brand, last four, expiry), or null. */
export async function teamCard(db: Tx, userId: string, teamId: string): Promise<CardView | null> {
  await requireMember(db, userId, teamId);
  return cardOf(db, teamId);
}

/** The team's card, for a caller that has checked the user's membership already. */
export async function cardOf(db: Tx, teamId: string): Promise<CardView | null> {
  const card = await db.paymentMethod.findUnique({ where: { teamId } });
  return card ? toCardView(card) : null;
}

/** The team's latest ledger entries (charges and refunds), for its owners. */
export async function recentCharges(db: Tx, actorId: string, teamId: string, take = 10): Promise<ChargeView[]> {
  await requireOwner(db, actorId, teamId, "see the team's charges");
  return chargesOf(db, teamId, take);
}

/** The team's latest ledger entries, for a caller that has checked the user is an owner already. */
export async function chargesOf(db: Tx, teamId: string, take = 10): Promise<ChargeView[]> {
  const rows = await db.charge.findMany({ where: { teamId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });
  return rows.map(toChargeView);
}

/** A ledger row as the team page shows it. */
export const toChargeView = (c: Omit<ChargeView, "kind"> & { kind: string }): ChargeView => ({
  id: c.id,
  kind: c.kind === "refund" ? "refund" : "charge",
  amountCents: c.amountCents,
  currency: c.currency.toUpperCase(),
  description: c.description,
  cardLast4: c.cardLast4,
  createdAt: c.createdAt,
});
