import { Resend } from "resend";
import type { MailTransport } from "./types";

/** Longest we wait for Resend before counting the attempt as failed (the delivery lease is much longer). */
const TIMEOUT_MS = 30_000;

/**
 * Resend (https://resend.com). Every send carries an idempotency key, so a retry after a
 * crash or a timeout cannot send the same gift email twice (Resend keeps keys 24 hours).
 * `RESEND_BASE_URL` (read by the SDK) points it elsewhere, e.g. at a test server.
 */
export function resendTransport(apiKey: string): MailTransport {
  const resend = new Resend(apiKey);
  return {
    name: "resend",
    async send(message, { idempotencyKey }) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Resend did not answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
      });
      try {
        const { data, error } = await Promise.race([
          resend.emails.send(
            {
              from: message.from,
              to: [message.to],
              ...(message.cc ? { cc: [message.cc] } : {}),
              subject: message.subject,
              html: message.html,
              text: message.text,
              ...(message.headers ? { headers: message.headers } : {}),
            },
            { idempotencyKey },
          ),
          timeout,
        ]);
        if (error || !data)
          throw new Error(
            `Resend refused the email: ${error?.message ?? "no response"}${error?.name ? ` (${error.name})` : ""}`,
          );
        return { status: "sent", providerId: data.id };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
