import { randomBytes } from "node:crypto";
import { seal, unseal } from "@/lib/sealed";

/** A new signing secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

// Signing needs the secret itself, so it can't be hashed: it is sealed at rest (lib/sealed).
const PURPOSE = "webhook signing secrets";

export const encryptSecret = (secret: string) => seal(PURPOSE, secret);

/** Throws when the value was not encrypted under the current AUTH_SECRET (or was tampered with). */
export const decryptSecret = (stored: string) => unseal(PURPOSE, stored);
