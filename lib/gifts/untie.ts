import { config } from "@/lib/config";
import { hmacSha256, sha256 } from "@/lib/crypto";
import { appSecret } from "@/lib/secrets";

/**
 * The untie URL's secret is derived from the gift id with the server secret (HMAC, 256
 * bits): it is never stored, only its SHA-256 (`Gift.untieTokenHash`) for look-ups, and
 * the gift id alone does not give it away.
 */
export function untieToken(giftId: string): string {
  return hmacSha256(appSecret(), `untie:${giftId}`, "base64url");
}

export const untieTokenHash = (giftId: string) => sha256(untieToken(giftId));

/** The gift's untie URL; pass its token when it is already at hand (it costs an HMAC). */
export function untieUrl(giftId: string, token = untieToken(giftId)): string {
  return `${config.appUrl}/untie/${token}`;
}
