import type { Tx } from "@/lib/db";
import { randomSecret, sha256 } from "@/lib/crypto";
import { tokenPrefix, type TokenMode } from "./format";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { capsFromJson, capsToJson } from "@/lib/billing";

/** How long a roll may keep the previous pair working (the account page's "in 24 hours"). */
export const ROLL_GRACE_MS = 24 * 60 * 60 * 1000;

export type DeveloperTokenPair = { live: string; sandbox: string };

export type RollOptions = {
  /** Keep the previous pair working for ROLL_GRACE_MS instead of revoking it now. */
  keepOld?: boolean;
  now?: Date;
};

/** What a new token is besides its mode: the pair's live token carries caps; a named key its name and limits. */
type Issued = { caps?: unknown; name?: string; access?: "full" | "read"; teamId?: string | null };

/** A new token of `mode`: its hash and first characters stored, the plaintext returned once. */
export async function issueToken(db: Tx, userId: string, mode: TokenMode, issued: Issued = {}): Promise<string> {
  const token = tokenPrefix[mode] + randomSecret(24);
  await db.apiToken.create({
    data: {
      userId,
      mode,
      tokenHash: sha256(token),
      start: token.slice(0, 14),
      caps: capsToJson(capsFromJson(issued.caps ?? null)),
      name: issued.name ?? null,
      access: issued.access ?? "full",
      teamId: issued.teamId ?? null,
    },
  });
  return token;
}

/** Serializes changes to one user's tokens: concurrent rolls run one after the other. */
export async function lockUser(db: Tx, userId: string): Promise<void> {
  await queryRows(db, Prisma.sql`SELECT "id" FROM "User" WHERE "id" = ${userId} FOR UPDATE`);
}

/**
 * Turns developer access on, or rolls it: issues a live and a sandbox token and retires the
 * current pair, at once or (keepOld) at now + 24 h. A pair still in its grace period from an
 * earlier roll is revoked now, so there is at most one previous pair. The plaintext is
 * returned once; only hashes are stored. Call it inside a transaction: the user row stays
 * locked until commit, so concurrent rolls leave exactly one current pair.
 */
export async function createDeveloperTokens(
  db: Tx,
  userId: string,
  { keepOld = false, now = new Date() }: RollOptions = {},
): Promise<DeveloperTokenPair> {
  await lockUser(db, userId);
  // The new live token keeps the caps of the one it replaces.
  const current = await db.apiToken.findFirst({
    where: { userId, mode: "live", name: null, revokedAt: null, expiresAt: null },
    select: { caps: true },
  });
  await db.apiToken.updateMany({
    where: { userId, name: null, revokedAt: null, expiresAt: { not: null } },
    data: { revokedAt: now },
  });
  await db.apiToken.updateMany({
    where: { userId, name: null, revokedAt: null, expiresAt: null },
    data: keepOld ? { expiresAt: new Date(now.getTime() + ROLL_GRACE_MS) } : { revokedAt: now },
  });
  return {
    live: await issueToken(db, userId, "live", { caps: current?.caps }),
    sandbox: await issueToken(db, userId, "sandbox"),
  };
}

/**
 * Turns developer access on for a user who has no current tokens; null when they have some
 * (a stale page or a replayed form must not roll them behind the user's back).
 */
export async function enableDeveloperTokens(
  db: Tx,
  userId: string,
  now = new Date(),
): Promise<DeveloperTokenPair | null> {
  await lockUser(db, userId);
  if ((await db.apiToken.count({ where: { userId, name: null, revokedAt: null, expiresAt: null } })) > 0) return null;
  return createDeveloperTokens(db, userId, { now });
}
