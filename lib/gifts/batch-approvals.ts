import type { PrismaClient, Tx } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { chargedBy, chargeTeam } from "@/lib/billing";
import { queryRows } from "@/lib/database/sql";
import { HttpError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { importChargesOf, requireApprover, requireSecondPairOfEyes } from "./approvals";
import { getBatch, type BatchView } from "./batches";
import { moveGifts } from "./stages";

/** What an owner's decision on a whole batch did: the batch now, and how many gifts it moved (and charged). */
export type BatchDecision = { batch: BatchView; moved: number; chargedCents: number };

// A batch is at most 10,000 gifts: moving them all (and their events) takes longer than Prisma's 5 s default.
const BATCH_TRANSACTION = { timeout: 120_000, maxWait: 30_000 };

const nothingWaiting = (batch: BatchView) =>
  new HttpError(
    409,
    "Conflict",
    `No gift of batch "${batch.id}" is waiting for approval: someone may have approved, rejected or cancelled them already.`,
    { stages: batch.stages },
    "not_pending_approval",
  );

/**
 * The batch's gifts still waiting for approval, locked until the transaction ends (in id order,
 * so two decisions on one batch queue rather than deadlock). A gift approved, rejected or
 * cancelled on its own meanwhile is no longer waiting and is left out.
 */
function lockWaitingGifts(tx: Tx, batchId: string) {
  return queryRows<{
    id: string;
    priceCents: number;
    dutiesMinor: number | null;
    taxesMinor: number | null;
    collectionId: number;
    senderId: string;
  }>(
    tx,
    Prisma.sql`SELECT "id", "priceCents", "dutiesMinor", "taxesMinor", "collectionId", "senderId" FROM "Gift"
               WHERE "batchId" = ${batchId} AND "stage" = 'pending_approval' ORDER BY "id" FOR UPDATE`,
  );
}

/**
 * An owner approves every gift of a batch still waiting for approval, at once: one charge for
 * all of them (the team's budget and the approver's caps apply to the whole; a refusal leaves
 * them all waiting), each scheduled with its own `gift.approved` event. Of two owners deciding
 * on one batch at once, one wins and the other gets 409 `not_pending_approval`.
 */
export async function approveBatch(
  db: PrismaClient,
  actor: TeamActor,
  batchId: string,
  now = new Date(),
): Promise<BatchDecision> {
  requireApprover(actor, "approve");
  const { team } = actor;
  return db.$transaction(async (tx) => {
    const batch = await getBatch(tx, actor, team, batchId);
    const waiting = await lockWaitingGifts(tx, batch.id);
    if (waiting.length === 0) throw nothingWaiting(batch);
    await requireSecondPairOfEyes(tx, actor, [...new Set(waiting.map((g) => g.senderId))]);
    const amountCents = waiting.reduce((sum, g) => sum + g.priceCents, 0);
    const charge = await chargeTeam(tx, {
      teamId: team.id,
      amountCents,
      largestGiftCents: Math.max(...waiting.map((g) => g.priceCents)),
      collectionIds: [...new Set(waiting.map((g) => g.collectionId))],
      description: `${waiting.length} approved ${waiting.length === 1 ? "gift" : "gifts"} in batch "${batch.name}"`,
      by: chargedBy(actor),
      importCharges: importChargesOf(waiting),
    });
    const moved = await moveGifts(tx, { batchId: batch.id, stage: "pending_approval" }, "scheduled", {
      at: now,
      action: "approved",
      message: `Approved by ${actor.user.email} with the rest of batch "${batch.name}"`,
      data: { chargeId: charge.id },
    });
    return { batch: await getBatch(tx, actor, team, batch.id), moved: moved.length, chargedCents: amountCents };
  }, BATCH_TRANSACTION);
}

/** An owner rejects every gift of a batch still waiting for approval (nothing was charged); one winner as above. */
export async function rejectBatch(
  db: PrismaClient,
  actor: TeamActor,
  batchId: string,
  reason: string | null,
  now = new Date(),
): Promise<BatchDecision> {
  requireApprover(actor, "reject");
  const { team } = actor;
  return db.$transaction(async (tx) => {
    const batch = await getBatch(tx, actor, team, batchId);
    const waiting = await lockWaitingGifts(tx, batch.id);
    if (waiting.length === 0) throw nothingWaiting(batch);
    const by = `Rejected by ${actor.user.email} with the rest of batch "${batch.name}"`;
    const moved = await moveGifts(tx, { batchId: batch.id, stage: "pending_approval" }, "rejected", {
      at: now,
      message: reason ? `${by}: ${reason}` : by,
    });
    return { batch: await getBatch(tx, actor, team, batch.id), moved: moved.length, chargedCents: 0 };
  }, BATCH_TRANSACTION);
}
