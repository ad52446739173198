import type { MailMessage, MailTransport, SendOptions } from "@/lib/outbox/transport";

/**
 * A stand-in for an email provider (an external service): records what it is given,
 * and throws for the first `failTimes` sends (or always, with `failTimes: Infinity`).
 */
export function fakeTransport({ failTimes = 0, error = "451 mailbox temporarily unavailable" } = {}) {
  const sent: (MailMessage & SendOptions)[] = [];
  let calls = 0;
  const transport: MailTransport & { sent: typeof sent; readonly calls: number } = {
    name: "fake",
    sent,
    get calls() {
      return calls;
    },
    async send(message, options) {
      calls++;
      if (calls <= failTimes) throw new Error(error);
      sent.push({ ...message, ...options });
      return { status: "sent", providerId: `fake_${sent.length}` };
    },
  };
  return transport;
}
