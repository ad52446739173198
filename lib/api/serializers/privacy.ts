import type { Erasure, PrivacySettings } from "@/lib/privacy";

export const privacySettingsDocument = (s: PrivacySettings) => ({
  data: {
    type: "privacy-settings" as const,
    id: s.teamId,
    attributes: { "recipient-data-retention-days": s.retentionDays },
  },
});

/** An erasure request: how it stands and what it erased so far (counts only: nothing of the person). */
export const erasureDocument = (e: Erasure) => ({
  data: {
    type: "erasures" as const,
    id: e.id,
    attributes: {
      status: e.status,
      "created-at": e.createdAt.toISOString(),
      "erased-at": e.completedAt?.toISOString() ?? null,
      gifts: e.summary.gifts,
      emails: e.summary.emails,
      events: e.summary.events,
      "webhook-deliveries": e.summary.webhookDeliveries,
      "webhook-attempts": e.summary.webhookAttempts,
      "idempotency-keys": e.summary.idempotencyKeys,
      suppressions: e.summary.suppressions,
      "saved-views": e.summary.savedViews,
      scrubbed: e.summary.scrubbed,
    },
  },
});
