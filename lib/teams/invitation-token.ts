import { config } from "@/lib/config";
import { randomSecret, sha256 } from "@/lib/crypto";

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60_000;

/** 128 random bits, base58: the secret in the invitation link. Only its SHA-256 is stored. */
export const newInvitationToken = () => randomSecret(16);

export const invitationTokenHash = (token: string) => sha256(token);

/** Anything else can't be a token we issued: no database look-up for it. */
export const looksLikeInvitationToken = (token: string) => /^[1-9A-HJ-NP-Za-km-z]{20,24}$/.test(token);

export const invitationUrl = (token: string) => `${config.appUrl}/invitations/${token}`;
