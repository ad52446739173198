import { config } from "@/lib/config";
import { outboxTransport } from "./outbox";
import { resendTransport } from "./resend";
import type { MailTransport } from "./types";

export type { MailMessage, MailTransport, SendOptions, SendResult } from "./types";
export { outboxTransport } from "./outbox";
export { resendTransport } from "./resend";

let cached: { key: string | undefined; transport: MailTransport } | undefined;

/** The transport chosen by the environment: Resend when RESEND_API_KEY is set, else the local outbox. */
export function mailTransport(): MailTransport {
  const key = config.resendApiKey;
  if (!cached || cached.key !== key) cached = { key, transport: key ? resendTransport(key) : outboxTransport };
  return cached.transport;
}

/** True when emails stay on this machine (the outbox pages are only served then). */
export const outboxActive = () => config.mailTransport === "outbox";
