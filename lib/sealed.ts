import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { appSecret } from "@/lib/secrets";

// Secrets Ribbon must read back (webhook signing secrets, the link in a queued email) are
// encrypted at rest with AES-256-GCM, under a key derived (HKDF-SHA256) from AUTH_SECRET
// separately for each purpose: a value sealed for one purpose never opens for another.
const VERSION = "v1";

function key(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret(), Buffer.alloc(0), `ribbon ${purpose} v1`, 32));
}

export function seal(purpose: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/** Throws when the value was not sealed for `purpose` under the current AUTH_SECRET (or was tampered with). */
export function unseal(purpose: string, stored: string): string {
  const [version, data] = stored.split(":");
  if (version !== VERSION || !data) throw new Error(`Unknown sealed ${purpose} encoding`);
  const bytes = Buffer.from(data, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key(purpose), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}
