import type { Tx } from "@/lib/db";

/** The user's active developer tokens, for display: only their first characters are known. */
export function listActiveTokens(db: Tx, userId: string) {
  return db.apiToken.findMany({
    where: { userId, revokedAt: null },
    orderBy: { mode: "asc" },
    select: { id: true, mode: true, start: true, createdAt: true, lastUsedAt: true },
  });
}

/** Revokes every active developer token of the user (turns developer access off). */
export async function revokeDeveloperTokens(db: Tx, userId: string): Promise<number> {
  const { count } = await db.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count;
}
