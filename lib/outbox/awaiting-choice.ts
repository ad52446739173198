/**
 * Sent and not yet chosen: the stages in which a gift gets reminders (lib/reminders). The one
 * rule: a gift redeemed, cancelled, expired (or in any stage added later) gets none. Here, below
 * the gifts, because the email queue drops a reminder for a gift no longer in them;
 * lib/gifts/stages.ts re-exports it and checks it names its stages.
 */
export const AWAITING_CHOICE = ["sent", "opened"] as const;
export const isAwaitingChoice = (stage: string) => (AWAITING_CHOICE as readonly string[]).includes(stage);
