import type { PrismaClient } from "@/lib/db";
import { conflict, forbidden, unknownFieldProblems, ValidationError, type FieldProblem } from "@/lib/errors";
import { parseDuration } from "@/lib/reminders/duration";
import { MAX_ADVANCE_MS } from "./test-clock";
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

export type Simulation = { stage: SimulatedStage } | { advanceMs: number; batch: boolean };

/** `advance`: a well-formed ISO 8601 duration forward, at most MAX_ADVANCE_MS; else a problem. */
function advanceMs(value: unknown, problems: FieldProblem[]): number | undefined {
  const duration = typeof value === "string" && value.length <= 20 ? parseDuration(value.trim().toUpperCase()) : null;
  if (!duration || duration.negative) {
    problems.push({
      detail: 'Advance must be an ISO 8601 duration forward in weeks, days, hours or minutes, like "P7D" or "PT12H"',
      pointer: "/advance",
      code: "invalid_duration",
    });
    return undefined;
  }
  if (duration.ms > MAX_ADVANCE_MS) {
    problems.push({ detail: "Advance can be at most P90D at a time", pointer: "/advance", code: "out_of_range" });
    return undefined;
  }
  return duration.ms;
}

/** `{"stage": "sent" | … | "failed"}` or `{"advance": "P7D"[, "batch": true]}`, nothing else. */
export function parseSimulation(body: Record<string, unknown>): Simulation {
  const problems = unknownFieldProblems(body, ["stage", "advance", "batch"]);
  if (body.advance !== undefined) {
    if (body.stage !== undefined)
      problems.push({ detail: "Give stage or advance, not both", pointer: "/stage", code: "conflicting_fields" });
    if (body.batch !== undefined && typeof body.batch !== "boolean")
      problems.push({ detail: "Batch must be true or false", pointer: "/batch", code: "not_a_boolean" });
    const ms = advanceMs(body.advance, problems);
    if (problems.length > 0 || ms === undefined) throw new ValidationError(problems);
    return { advanceMs: ms, batch: body.batch === true };
  }
  if (body.batch !== undefined)
    problems.push({ detail: "Batch goes with advance", pointer: "/batch", code: "unknown_field" });
  const stage = body.stage;
  if (typeof stage !== "string" || !(SIMULATED_STAGES as readonly string[]).includes(stage)) {
    problems.push({
      detail: `Stage must be one of: ${SIMULATED_STAGES.join(", ")} (or give advance to move the gift's test clock)`,
      pointer: "/stage",
      code: "invalid",
    });
  }
  if (problems.length > 0) throw new ValidationError(problems);
  return { stage: stage as SimulatedStage };
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
