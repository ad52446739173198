import type { Tx } from "@/lib/db";

export type AuthorizedApp = { clientId: number; name: string; since: Date; lastUsedAt: Date | null; tokens: number };

/** The applications holding a live OAuth token of the user, for the account page. */
export async function listAuthorizedApps(db: Tx, userId: string): Promise<AuthorizedApp[]> {
  const tokens = await db.oAuthToken.findMany({
    where: { userId, revokedAt: null },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true, lastUsedAt: true, client: { select: { id: true, name: true } } },
  });
  const apps = new Map<number, AuthorizedApp>();
  for (const t of tokens) {
    const app = apps.get(t.client.id) ?? { clientId: t.client.id, name: t.client.name, since: t.createdAt, lastUsedAt: null, tokens: 0 };
    app.tokens += 1;
    if (t.lastUsedAt && (!app.lastUsedAt || t.lastUsedAt > app.lastUsedAt)) app.lastUsedAt = t.lastUsedAt;
    apps.set(app.clientId, app);
  }
  return [...apps.values()];
}

/** Revokes every token the user gave this application; returns how many. */
export async function revokeAuthorizedApp(db: Tx, userId: string, clientId: number): Promise<number> {
  const { count } = await db.oAuthToken.updateMany({ where: { userId, clientId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count;
}
