import type { BatchView } from "@/lib/gifts";
import { formatMoney } from "@/lib/money";
import type { ResourceObject } from "./resource";

/** A batch (`bat_…`): its name and size, and how many of its gifts are in each stage now. */
export function serializeBatch(batch: BatchView): ResourceObject {
  return {
    type: "batches",
    id: batch.id,
    attributes: {
      name: batch.name,
      size: batch.size,
      livemode: batch.livemode,
      "created-at": batch.createdAt.toISOString(),
      stages: batch.stages,
      "pending-approval-total": formatMoney(batch.pendingApprovalCents, batch.currency),
      currency: batch.currency,
    },
  };
}
