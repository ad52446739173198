import type { Stage } from "@/lib/gifts";

/** Every stage as people read it: the badge, the stage filter and the funnel all say these words. */
export const STAGE_LABELS: Record<Stage, string> = {
  pending_approval: "Awaiting approval",
  scheduled: "Scheduled",
  sent: "Sent",
  opened: "Opened",
  redeemed: "Redeemed",
  shipped: "Shipped",
  delivered: "Delivered",
  expired: "Expired",
  cancelled: "Cancelled",
  failed: "Failed",
  rejected: "Rejected",
  declined: "Declined",
  donated: "Donated",
};

/** A stage's label; an unknown value (never stored, but a type can't promise it) as itself. */
export const stageLabel = (stage: string): string => STAGE_LABELS[stage as Stage] ?? stage;

/**
 * A gift's stage as its badge says it: a link gift is `scheduled` until its link is opened (it is
 * never emailed), which the board says as "Link ready" rather than a send that never comes.
 */
export const giftStageLabel = (stage: string, deliveryMethod: string): string =>
  stage === "scheduled" && deliveryMethod === "link" ? "Link ready" : stageLabel(stage);
