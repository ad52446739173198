import type { PrismaClient } from "@/lib/db";
import { conflict, forbidden, unknownFieldProblems, ValidationError } from "@/lib/errors";
import { getGift, type GiftView } from "@/lib/gifts";
import { moveGift, type Stage } from "@/lib/gifts/stages";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TeamRef } from "@/lib/teams";
import type { Caller } from "@/lib/tokens";

export const SIMULATED_STAGES = [
  "sent",
  "opened",
  "redeemed",
  "shipped",
  "delivered",
  "expired",
  "failed",
] as const satisfies readonly Stage[];
export type SimulatedStage = (typeof SIMULATED_STAGES)[number];

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

/** `{"stage": "sent" | … | "failed"}`, nothing else. */
export function parseSimulation(body: Record<string, unknown>): SimulatedStage {
  const problems = unknownFieldProblems(body, ["stage"]);
  const stage = body.stage;
  if (typeof stage !== "string" || !(SIMULATED_STAGES as readonly string[]).includes(stage)) {
    problems.push({
      detail: `Stage must be one of: ${SIMULATED_STAGES.join(", ")}`,
      pointer: "/stage",
      code: "invalid",
    });
  }
  if (problems.length > 0) throw new ValidationError(problems);
  return stage as SimulatedStage;
}

/** What a real move to the stage would have filled in; a redemption gets the collection's first product and a sample address. */
async function stageData(
  db: Prisma.TransactionClient,
  gift: GiftView,
  stage: SimulatedStage,
  at: Date,
): Promise<Prisma.GiftUpdateManyMutationInput> {
  if (stage === "sent") return { sentAt: at, deliveryLeaseUntil: null };
  if (stage === "failed" || stage === "expired") return { deliveryLeaseUntil: null };
  if (stage !== "redeemed") return {};
  const product = await db.product.findFirst({
    where: { collectionId: gift.collectionId },
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
 * can't be simulated (403).
 */
export async function simulateGift(
  db: PrismaClient,
  caller: Caller,
  team: TeamRef,
  giftId: string,
  stage: SimulatedStage,
): Promise<GiftView> {
  if (caller.mode !== "sandbox")
    throw forbidden("Only sandbox gifts can be simulated: use your sandbox token on team sandbox.");
  return db.$transaction(async (tx) => {
    const gift = await getGift(tx, caller, team, giftId);
    if (gift.livemode) throw forbidden("Only sandbox gifts can be simulated.");
    const at = new Date();
    const moved = await moveGift(tx, gift.id, stage, {
      at,
      message: "Simulated in the sandbox",
      data: await stageData(tx, gift, stage, at),
    });
    if (!moved) throw conflict(`A ${gift.stage} gift can't move to ${stage}.`);
    return getGift(tx, caller, team, gift.id);
  });
}
