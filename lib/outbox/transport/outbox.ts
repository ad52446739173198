import type { MailTransport } from "./types";

/**
 * The local outbox, used when no email provider is configured: nothing leaves the
 * machine. The message is stored as an `EmailOutbox` row (status `stored`) by the
 * delivery's own transaction, browsable at /dev/outbox.
 */
export const outboxTransport: MailTransport = {
  name: "outbox",
  async send() {
    return { status: "stored", providerId: null };
  },
};
