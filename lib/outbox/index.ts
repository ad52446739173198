// The email queue and outbox: queueEmail in the caller's transaction, the kinds and their templates,
// sending (the send-emails job, or right after the commit), the transports, the outbox's retention.
export { listOutbox } from "./outbox";
export type { OutboxMessage } from "./outbox";
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
