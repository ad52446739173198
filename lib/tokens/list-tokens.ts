import type { Tx } from "@/lib/db";
import { capsFromJson } from "@/lib/billing";
import type { DeveloperTokenView } from "./types";

/**
 * The user's developer tokens that still work, for display (only their first characters are
 * known): the current pair first, then a previous pair in its grace period (`expiresAt` set).
 */
export async function listActiveTokens(db: Tx, userId: string, now = new Date()): Promise<DeveloperTokenView[]> {
  const rows = await db.apiToken.findMany({
    where: { userId, name: null, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    orderBy: [{ expiresAt: { sort: "asc", nulls: "first" } }, { mode: "asc" }, { id: "asc" }],
    select: { id: true, mode: true, start: true, createdAt: true, lastUsedAt: true, expiresAt: true, caps: true },
  });
  return rows.map(toTokenView);
}

/** A stored token row as the account page shows it. */
export const toTokenView = (
  row: Omit<DeveloperTokenView, "mode" | "caps"> & { mode: string; caps: unknown },
): DeveloperTokenView => ({
  ...row,
  mode: row.mode === "live" ? "live" : "sandbox",
  caps: capsFromJson(row.caps),
});

/** Revokes every developer token of the user, a pair in its grace period and named keys too (turns developer access off). */
export async function revokeDeveloperTokens(db: Tx, userId: string, now = new Date()): Promise<number> {
  const { count } = await db.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  return count;
}

/** Revokes now the previous pair a roll kept for its grace period; the current pair stays. */
export async function revokeExpiringTokens(db: Tx, userId: string, now = new Date()): Promise<number> {
  const { count } = await db.apiToken.updateMany({
    where: { userId, name: null, revokedAt: null, expiresAt: { not: null } },
    data: { revokedAt: now },
  });
  return count;
}
