import { simulateProviderEvent } from "@/lib/delivery/provider-events";
import type { EmailEventSimulation } from "./parse-simulation";
import type { PrismaClient } from "@/lib/db";
import { conflict, forbidden, ValidationError } from "@/lib/errors";
import { type SimulatedStage, type StageSimulation } from "./parse-simulation";
import { getGift, type GiftView } from "@/lib/gifts";
import { moveGift } from "@/lib/gifts/stages";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TeamRef } from "@/lib/teams";
import type { Caller } from "@/lib/tokens";
import { untieToken } from "@/lib/untie";
import { declineGift, donateGift, RedemptionRefused } from "@/lib/redemption";
import { listCharities } from "@/lib/catalogue/charities";

/** A sample in the shape the untie page stores (lib/redemption's address schema). */
export const SAMPLE_ADDRESS = {
  fullName: "Robin Recipient",
  line1: "1 Sample Street",
  line2: "",
  city: "Springfield",
  region: "CA",
  postalCode: "90210",
  country: "US",
  phone: "",
};

/** What a real move to the stage would have filled in; a redemption gets the collection's first product shipping to a sample address. */
async function stageData(
  db: Prisma.TransactionClient,
  gift: GiftView,
  stage: SimulatedStage,
  at: Date,
): Promise<Prisma.GiftUpdateManyMutationInput> {
  if (stage === "sent") return { sentAt: at, deliveryLeaseUntil: null };
  if (stage === "failed" || stage === "expired") return { deliveryLeaseUntil: null };
  if (stage !== "redeemed") return {};
  // The first product that ships to the sample address: a simulated choice obeys the rule a real one does
  // (lib/catalogue/ships-to.ts); a collection with none that reaches it is redeemed with no product.
  const product = await db.product.findFirst({
    where: { collectionId: gift.collectionId, shipsTo: { has: SAMPLE_ADDRESS.country } },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true, variants: { orderBy: { position: "asc" }, take: 1, select: { id: true } } },
  });
  return {
    selectedProductId: product?.id ?? null,
    variantId: product?.variants[0]?.id ?? null,
    redemptionEmail: gift.email ?? "robin.recipient@example.com",
    address: {
      ...SAMPLE_ADDRESS,
      fullName: gift.recipientName || SAMPLE_ADDRESS.fullName,
      email: gift.email ?? "recipient@example.com",
    },
  } as Prisma.GiftUpdateManyMutationInput;
}

/**
 * Moves a sandbox gift to `stage` through the stage machine, as the real flow would
 * (same event, so the same webhooks). A move the machine forbids is a 409; live gifts
 * can't be simulated (403). Declining and donating are the recipient's own acts, done by the
 * untie page's very functions (same emails and refund rule), as if the recipient had chosen.
 */
export async function simulateGift(
  db: PrismaClient,
  caller: Caller,
  team: TeamRef,
  giftId: string,
  simulation: StageSimulation,
): Promise<GiftView> {
  if (caller.mode !== "sandbox")
    throw forbidden("Only sandbox gifts can be simulated: use your sandbox token on team sandbox.");
  const { stage } = simulation;
  if (stage === "declined" || stage === "donated") {
    const gift = await getGift(db, caller, team, giftId);
    if (gift.livemode) throw forbidden("Only sandbox gifts can be simulated.");
    await chooseAsRecipient(db, gift, simulation);
    return getGift(db, caller, team, gift.id);
  }
  return db.$transaction(async (tx) => {
    const gift = await getGift(tx, caller, team, giftId);
    if (gift.livemode) throw forbidden("Only sandbox gifts can be simulated.");
    // A gift with a test clock lives at its clock's time: its simulated moves are dated there too.
    const at = gift.clockAt ?? new Date();
    const moved = await moveGift(tx, gift.id, stage, {
      at,
      message: "Simulated in the sandbox",
      data: await stageData(tx, gift, stage, at),
    });
    if (!moved) throw conflict(`A ${gift.stage} gift can't move to ${stage}.`);
    return getGift(tx, caller, team, gift.id);
  });
}

/** The charity named (422 listing the slugs when there is none such), else the first listed. */
async function charitySlug(db: PrismaClient, wanted: string | undefined): Promise<string> {
  const slugs = (await listCharities(db)).map((c) => c.slug);
  if (wanted === undefined && slugs.length > 0) return slugs[0];
  if (wanted !== undefined && slugs.includes(wanted)) return wanted;
  throw new ValidationError([
    { detail: `Charity must be one of: ${slugs.join(", ")}`, pointer: "/charity", code: "invalid" },
  ]);
}

/** Declines or donates (to `charity`, else the first listed) with the gift's untie secret; a refusal is a 409. */
async function chooseAsRecipient(db: PrismaClient, gift: GiftView, { stage, charity }: StageSimulation) {
  const { untieVersion } = await db.gift.findUniqueOrThrow({ where: { id: gift.id }, select: { untieVersion: true } });
  const secret = untieToken(gift.id, untieVersion);
  try {
    if (stage === "declined") await declineGift(db, { secret, reason: "Simulated in the sandbox" });
    else await donateGift(db, { secret, charity: await charitySlug(db, charity) });
  } catch (error) {
    if (!(error instanceof RedemptionRefused)) throw error;
    const { stage: current } = await db.gift.findUniqueOrThrow({ where: { id: gift.id }, select: { stage: true } });
    throw conflict(`A ${current} gift can't move to ${stage}: ${error.message}`);
  }
}

/**
 * `{"email_event": "bounced"}` on a sandbox gift: what the email provider would report about its
 * gift email, through the provider events' own path (a hard bounce fails a sent gift and suppresses
 * the address for the sandbox team; a complaint stops its reminders). 409 before the email exists.
 */
export async function simulateEmailEvent(
  db: PrismaClient,
  caller: Caller,
  team: TeamRef,
  giftId: string,
  simulation: EmailEventSimulation,
): Promise<GiftView> {
  if (caller.mode !== "sandbox")
    throw forbidden("Only sandbox gifts can be simulated: use your sandbox token on team sandbox.");
  const gift = await getGift(db, caller, team, giftId);
  if (gift.livemode) throw forbidden("Only sandbox gifts can be simulated.");
  const email = await db.emailOutbox.findFirst({
    where: { giftId: gift.id, kind: "gift" },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  if (!email)
    throw conflict(
      `Gift "${gift.id}" has no gift email yet (it is ${gift.stage}): its email exists once it is sent at its send time (move its test clock with {"advance": …}).`,
    );
  await simulateProviderEvent(db, email.id, simulation.emailEvent);
  return getGift(db, caller, team, gift.id);
}
