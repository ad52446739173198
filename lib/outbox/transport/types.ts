/** One email, ready to hand to a transport. */
export type MailMessage = {
  from: string;
  to: string;
  cc: string | null;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (a reminder's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
};

/**
 * What a transport did with a message. `stored`: kept in the local outbox (the caller's
 * transaction writes the row, so storing and moving the gift commit together); `sent`:
 * accepted by an email provider, which returned `providerId`.
 */
export type SendResult = { status: "stored" | "sent"; providerId: string | null };

export type SendOptions = {
  /** Same key, same message: the provider sends it once, whatever retries happen. */
  idempotencyKey: string;
};

/** A mail transport. `send` throws when the message was not accepted (the caller retries). */
export interface MailTransport {
  /** Recorded in `EmailOutbox.transport`. */
  readonly name: string;
  send(message: MailMessage, options: SendOptions): Promise<SendResult>;
}
