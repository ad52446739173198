import type { BatchDecision, BatchView } from "@/lib/gifts";
import { formatMoney } from "@/lib/money";
import { serializeBatch } from "@/lib/representations/batch";

export const batchDocument = (batch: BatchView) => ({ data: serializeBatch(batch) });

/** An owner's decision on a batch: the batch now, with how many gifts it moved and what it charged. */
export const batchDecisionDocument = (
  { batch, moved, chargedCents }: BatchDecision,
  decision: "approved" | "rejected",
) => ({
  data: serializeBatch(batch),
  meta: { [decision]: moved, charged: formatMoney(chargedCents, batch.currency) },
});
