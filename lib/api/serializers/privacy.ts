import type { ErasureSummary, PrivacySettings } from "@/lib/privacy";

export const privacySettingsDocument = (s: PrivacySettings) => ({
  data: {
    type: "privacy-settings" as const,
    id: s.teamId,
    attributes: { "recipient-data-retention-days": s.retentionDays },
  },
});

/** What an erasure request erased (counts only: the answer repeats nothing of the person). */
export const erasureDocument = (s: ErasureSummary, at: Date) => ({
  data: {
    type: "erasures" as const,
    attributes: {
      "erased-at": at.toISOString(),
      gifts: s.gifts,
      emails: s.emails,
      events: s.events,
      "webhook-deliveries": s.webhookDeliveries,
      "webhook-attempts": s.webhookAttempts,
      "idempotency-keys": s.idempotencyKeys,
      suppressions: s.suppressions,
    },
  },
});
