import type { SuppressionView } from "@/lib/delivery/suppressions";

/** A suppression list entry as the API shows it (its id is the address; null once the person was erased). */
export function serializeSuppression(s: SuppressionView) {
  return {
    type: "suppressions" as const,
    id: String(s.id),
    attributes: {
      email: s.email,
      reason: s.reason,
      detail: s.detail,
      gift: s.giftId,
      "created-at": s.createdAt.toISOString(),
    },
  };
}
