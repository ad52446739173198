import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { appSecret } from "@/lib/secrets";

/** A new signing secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

// Signing needs the secret itself, so it can't be hashed: it is encrypted at rest with
// AES-256-GCM under a key derived (HKDF-SHA256) from AUTH_SECRET.
const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret(), Buffer.alloc(0), "ribbon webhook signing secrets v1", 32));
}

export function encryptSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/** Throws when the value was not encrypted under the current AUTH_SECRET (or was tampered with). */
export function decryptSecret(stored: string): string {
  const [version, data] = stored.split(":");
  if (version !== VERSION || !data) throw new Error("Unknown webhook secret encoding");
  const bytes = Buffer.from(data, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}
