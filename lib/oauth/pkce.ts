import { createHash } from "node:crypto";
import { safeEqual } from "@/lib/crypto";

/** A S256 code challenge: base64url of a SHA-256, 43 characters (RFC 7636 §4.2). */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** A code verifier: 43–128 unreserved characters (RFC 7636 §4.1). */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export type ChallengeCheck = { ok: true; challenge: string | null } | { ok: false; description: string };

/**
 * The PKCE part of an authorization request. Only S256 is accepted: `plain` (and a challenge
 * without a method, which RFC 7636 reads as plain) would let an intercepted code be exchanged.
 */
export function checkCodeChallenge(challenge: unknown, method: unknown): ChallengeCheck {
  if (challenge === undefined && method === undefined) return { ok: true, challenge: null };
  if (typeof challenge !== "string" || typeof method !== "string") {
    return { ok: false, description: "Send code_challenge and code_challenge_method=S256 once each." };
  }
  if (method !== "S256")
    return { ok: false, description: "code_challenge_method must be S256 (plain is not supported)." };
  if (!CHALLENGE.test(challenge))
    return {
      ok: false,
      description: "code_challenge must be the base64url SHA-256 of the code verifier (43 characters).",
    };
  return { ok: true, challenge };
}

/** Whether `verifier` is the one the code's S256 challenge was made from, compared in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  return safeEqual(createHash("sha256").update(verifier).digest("base64url"), challenge);
}
