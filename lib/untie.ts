import { config } from "@/lib/config";
import { hmacSha256, safeEqual, sha256 } from "@/lib/crypto";
import { appSecret } from "@/lib/secrets";

/**
 * The untie URL's secret is derived from the gift id (and its `untieVersion`) with the server
 * secret (HMAC, 256 bits): it is never stored, only its SHA-256 (`Gift.untieTokenHash`) for
 * look-ups, and the gift id alone does not give it away. Correcting the recipient's email bumps
 * the version (lib/gifts/update.ts): a new secret, and the old link finds no gift any more.
 * Version 0 is every gift's first secret, derived as before versions existed.
 */
export function untieToken(giftId: string, version = 0): string {
  return hmacSha256(appSecret(), version === 0 ? `untie:${giftId}` : `untie:${giftId}:${version}`, "base64url");
}

export const untieTokenHash = (giftId: string, version = 0) => sha256(untieToken(giftId, version));

/** The gift's untie URL; pass its token when it is already at hand (it costs an HMAC). */
export function untieUrl(giftId: string, version = 0, token = untieToken(giftId, version)): string {
  return `${config.appUrl}/untie/${token}`;
}

/**
 * A gift's one-click unsubscribe link (RFC 8058), carried by its reminders: the gift id and an
 * HMAC of it with the server secret, so it works without signing in and can't be forged for
 * another gift. It only ever stops that gift's reminders.
 */
export function unsubscribeUrl(giftId: string): string {
  return `${config.appUrl}/unsubscribe/${giftId}.${hmacSha256(appSecret(), `unsubscribe:${giftId}`, "base64url")}`;
}

/** The gift an unsubscribe token names, or null when it is not one of ours. */
export function giftOfUnsubscribeToken(token: string): string | null {
  if (token.length > 200) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const giftId = token.slice(0, dot);
  const expected = hmacSha256(appSecret(), `unsubscribe:${giftId}`, "base64url");
  return safeEqual(token.slice(dot + 1), expected) ? giftId : null;
}
