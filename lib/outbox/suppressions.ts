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

/** Suppresses an address for a team (the first reason stays); true when it was not suppressed before. */
export async function suppressAddress(
  tx: Queryable,
  entry: { teamId: string; email: string; reason: SuppressionReason; detail?: string | null; giftId?: string | null },
  at = new Date(),
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    Prisma.sql`
    INSERT INTO "EmailSuppression" ("teamId", "emailHash", "email", "reason", "detail", "giftId", "createdAt")
    VALUES (${entry.teamId}, ${addressHash(entry.email)}, ${normalAddress(entry.email)}, ${entry.reason},
            ${entry.detail ?? null}, ${entry.giftId ?? null}, ${at}::timestamp)
    ON CONFLICT ("teamId", "emailHash") DO NOTHING
    RETURNING "id"`,
  );
  return rows.length > 0;
}

/** Of these addresses, the ones the team suppressed (as given). */
export async function suppressedAmong(tx: Queryable, teamId: string, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const hashes = emails.map(addressHash);
  const rows = await queryRows<{ emailHash: string }>(
    tx,
    Prisma.sql`SELECT "emailHash" FROM "EmailSuppression" WHERE "teamId" = ${teamId} AND "emailHash" = ANY(${hashes}::text[])`,
  );
  const found = new Set(rows.map((r) => r.emailHash));
  return new Set(emails.filter((e, i) => found.has(hashes[i])));
}

/** Whether the team suppressed this address. */
export async function isSuppressed(tx: Tx, teamId: string, email: string): Promise<boolean> {
  return (await suppressedAmong(tx, teamId, [email])).size > 0;
}
