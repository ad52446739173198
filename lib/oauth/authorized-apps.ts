import type { PrismaClient, Tx } from "@/lib/db";

/** An application the user approved: it holds live tokens, or codes it has not exchanged yet (`pending`). */
export type AuthorizedApp = {
  clientId: number;
  name: string;
  since: Date;
  lastUsedAt: Date | null;
  tokens: number;
  pending: number;
};

/** Every grant the user has given: live tokens and unexchanged, unexpired codes, by application, for the account page. */
export async function listAuthorizedApps(db: Tx, userId: string, now = new Date()): Promise<AuthorizedApp[]> {
  const client = { select: { id: true, name: true } } as const;
  const [tokens, codes] = await Promise.all([
    db.oAuthToken.findMany({
      where: { userId, revokedAt: null },
      select: { createdAt: true, lastUsedAt: true, client },
    }),
    db.oAuthCode.findMany({
      where: { userId, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: { createdAt: true, client },
    }),
  ]);
  return appsFromGrants(tokens, codes);
}

type Grant = { createdAt: Date; client: { id: number; name: string } };

/** The user's live OAuth tokens and pending codes, by application, oldest grant first. */
export function appsFromGrants(tokens: (Grant & { lastUsedAt: Date | null })[], codes: Grant[]): AuthorizedApp[] {
  const apps = new Map<number, AuthorizedApp>();
  const appOf = (grant: Grant) => {
    const app = apps.get(grant.client.id) ?? {
      clientId: grant.client.id,
      name: grant.client.name,
      since: grant.createdAt,
      lastUsedAt: null,
      tokens: 0,
      pending: 0,
    };
    if (grant.createdAt < app.since) app.since = grant.createdAt;
    apps.set(app.clientId, app);
    return app;
  };
  for (const t of tokens) {
    const app = appOf(t);
    app.tokens += 1;
    if (t.lastUsedAt && (!app.lastUsedAt || t.lastUsedAt > app.lastUsedAt)) app.lastUsedAt = t.lastUsedAt;
  }
  for (const c of codes) appOf(c).pending += 1;
  return [...apps.values()].sort((a, b) => a.since.getTime() - b.since.getTime());
}

/**
 * Ends every grant the user gave this application: its unexchanged codes, then its tokens, in
 * one transaction. Codes go first: an exchange racing the revocation either claimed its code
 * before (then its token is committed by the time the tokens are revoked, and is revoked with
 * them) or finds the code revoked and is refused. Returns how many grants were ended.
 */
export async function revokeAuthorizedApp(
  db: PrismaClient,
  userId: string,
  clientId: number,
  now = new Date(),
): Promise<number> {
  return db.$transaction(async (tx) => {
    const codes = await tx.oAuthCode.updateMany({
      where: { userId, clientId, usedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    const tokens = await tx.oAuthToken.updateMany({
      where: { userId, clientId, revokedAt: null },
      data: { revokedAt: now },
    });
    return codes.count + tokens.count;
  });
}
