import type { Tx } from "@/lib/db";
import type { Actor } from "@/lib/actor";
import { notFound } from "@/lib/errors";
import type { TeamRef } from "@/lib/teams";

/** A batch (the gifts of one bulk request or CSV upload) and how many of its gifts are in each stage now. */
export type BatchView = {
  id: string;
  name: string;
  size: number;
  livemode: boolean;
  createdAt: Date;
  stages: Record<string, number>;
  /** What approving the gifts still waiting would charge (the sum of their prices), in `currency`. */
  pendingApprovalCents: number;
  /** The team's billing currency: its waiting gifts' (fixed while any waits: docs/international.md). */
  currency: string;
};

/** The batch, as the caller may see it (a sandbox caller: only their own sandbox batches); else 404. */
export async function getBatch(db: Tx, caller: Actor, team: TeamRef, id: string): Promise<BatchView> {
  const sandbox = caller.mode === "sandbox";
  const batch = id.includes("\u0000")
    ? null
    : await db.giftBatch.findFirst({
        where: { id, teamId: team.id, livemode: !sandbox, ...(sandbox && { senderId: caller.user.id }) },
        select: {
          id: true,
          name: true,
          size: true,
          livemode: true,
          createdAt: true,
          team: { select: { currency: true } },
        },
      });
  if (!batch) throw notFound(`No batch "${id}" in team "${team.id}".`);
  const counts = await db.gift.groupBy({
    by: ["stage"],
    where: { batchId: batch.id },
    _count: { _all: true },
    _sum: { priceCents: true },
  });
  const { team: owner, ...fields } = batch;
  return {
    ...fields,
    currency: owner.currency,
    stages: Object.fromEntries(counts.map((c) => [c.stage, c._count._all])),
    pendingApprovalCents: counts.find((c) => c.stage === "pending_approval")?._sum.priceCents ?? 0,
  };
}
