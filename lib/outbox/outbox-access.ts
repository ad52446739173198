import { config } from "@/lib/config";
import { isFromThisMachine, type HeaderReader } from "@/lib/http/client-address";

/**
 * Whether a request may see the local email outbox (/dev/outbox, /dev/outbox.json). It holds
 * untie links and sign-in links, so both must hold: the outbox is the active transport (with
 * an email provider nothing is kept there to look at), and the request comes from this
 * machine, as the socket says (lib/http/client-address.ts), never as headers claim.
 */
export function canViewOutbox(headers: HeaderReader): boolean {
  return config.mailTransport === "outbox" && isFromThisMachine(headers);
}
