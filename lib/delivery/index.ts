// Gift email delivery: claim, render, send, record. See deliver-gift.ts for the rules.
export { deliverGift, deliverClaimedGifts, retryDelayMs, MAX_ATTEMPTS } from "./deliver-gift";
export type { DeliveryOptions, DeliveryResult } from "./deliver-gift";
export { claimDueGifts, LEASE_MS } from "./claim";
export { deliverAllDue, deliverDueGifts, expireGifts, utcDay } from "./sweep";
export type { SweepOptions, SweepSummary } from "./sweep";
export { listOutbox } from "./outbox";
export type { OutboxMessage } from "./outbox";
export { renderGiftEmail, giftEmailProps } from "./render-gift-email";
export { mailTransport, outboxTransport, resendTransport, outboxActive } from "./transport";
export type { MailMessage, MailTransport, SendResult } from "./transport";
export { canViewOutbox } from "./outbox-access";
export { forgetSignInEmails, keptBody, purgeExpiredSignInEmails, SIGN_IN_LINK_LIFETIME_MS } from "./outbox-retention";
export {
  queueEmail,
  sendQueuedEmails,
  sendQueuedEmailNow,
  MAX_EMAIL_ATTEMPTS,
  EMAIL_LEASE_MS,
  emailRetryDelayMs,
  type QueuedEmail,
  type QueuedEmailSummary,
} from "./queued-emails";
export type { QueuedEmailProps, QueuedKind } from "./queued-kinds";
