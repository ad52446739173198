import type { Tx } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * A team's suppression list (docs/operations.md, "Deliverability"): addresses it no longer emails.
 * Matched by the SHA-256 of the lower-cased address, so a suppression outlives the erasure of the
 * address itself (lib/privacy): the person stays unmailed without Ribbon keeping who they are.
 */
export const SUPPRESSION_REASONS = ["bounced", "complained", "manual"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const normalAddress = (email: string) => email.trim().toLowerCase();
export const addressHash = (email: string) => sha256(normalAddress(email));

/**
 * Whose suppression list: a real team's is one list for everyone on it (`ownerId` null); the
 * shared sandbox team, where every sandbox user works, holds one list per user (`ownerId`, the
 * caller or the gift's sender), so no sandbox user sees, removes or is blocked by another's.
 */
export type SuppressionScope = { teamId: string; ownerId: string | null };

/**
 * The one place a caller on a team (an actor) or a gift becomes the suppression list meant.
 * Sandbox (not live) is exactly the shared sandbox team: sandbox credentials use only it.
 */
export function suppressionScope(
  of:
    | { team: { id: string }; user: { id: string }; mode: "live" | "sandbox" }
    | { teamId: string; senderId: string; livemode: boolean },
): SuppressionScope {
  if ("team" in of) return { teamId: of.team.id, ownerId: of.mode === "live" ? null : of.user.id };
  return { teamId: of.teamId, ownerId: of.livemode ? null : of.senderId };
}

/** SQL: the rows of one list (the key of the migration's (teamId, COALESCE(ownerId, ''), …) indexes). */
export function inSuppressionScope(scope: SuppressionScope): Prisma.Sql {
  return Prisma.sql`"teamId" = ${scope.teamId} AND COALESCE("ownerId", '') = ${scope.ownerId ?? ""}`;
}

/**
 * SQL: whether the list of gift row `gift` (a constant alias) suppresses the address whose hash
 * `hash` is; suppressionScope's rule, for a query over many gifts.
 */
export function giftSuppressesSql(gift: string, hash: Prisma.Sql): Prisma.Sql {
  const g = Prisma.raw(`"${gift.replace(/\W/g, "")}"`);
  return Prisma.sql`EXISTS (
    SELECT 1 FROM "EmailSuppression" s
    WHERE s."teamId" = ${g}."teamId" AND COALESCE(s."ownerId", '') = (CASE WHEN ${g}."livemode" THEN '' ELSE ${g}."senderId" END)
      AND s."emailHash" = ${hash})`;
}

/** Suppresses an address on one list (the first reason stays); true when it was not suppressed before. */
export async function suppressAddress(
  tx: Queryable,
  entry: SuppressionScope & {
    email: string;
    reason: SuppressionReason;
    detail?: string | null;
    giftId?: string | null;
  },
  at = new Date(),
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    Prisma.sql`
    INSERT INTO "EmailSuppression" ("teamId", "ownerId", "emailHash", "email", "reason", "detail", "giftId", "createdAt")
    VALUES (${entry.teamId}, ${entry.ownerId}, ${addressHash(entry.email)}, ${normalAddress(entry.email)}, ${entry.reason},
            ${entry.detail ?? null}, ${entry.giftId ?? null}, ${at}::timestamp)
    ON CONFLICT ("teamId", (COALESCE("ownerId", '')), "emailHash") DO NOTHING
    RETURNING "id"`,
  );
  return rows.length > 0;
}

/** Of these addresses, the ones the list suppresses (as given). */
export async function suppressedAmong(
  tx: Queryable,
  scope: SuppressionScope,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const hashes = emails.map(addressHash);
  const rows = await queryRows<{ emailHash: string }>(
    tx,
    Prisma.sql`SELECT "emailHash" FROM "EmailSuppression" WHERE ${inSuppressionScope(scope)} AND "emailHash" = ANY(${hashes}::text[])`,
  );
  const found = new Set(rows.map((r) => r.emailHash));
  return new Set(emails.filter((e, i) => found.has(hashes[i])));
}

/** Whether the list suppresses this address. */
export async function isSuppressed(tx: Tx, scope: SuppressionScope, email: string): Promise<boolean> {
  return (await suppressedAmong(tx, scope, [email])).size > 0;
}
