import type { PrismaClient, Tx } from "@/lib/db";
import { capsFromJson, capsToJson, capsWithin, parseCaps, type SpendCaps } from "@/lib/billing";
import { formatMoney } from "@/lib/money";
import { ValidationError, type FieldProblem } from "@/lib/errors";
import { mcpCapsProblem, type ClientRegistration } from "./authorize";

/** One live token an application holds for the person: what it is for, its mode and caps, its last use. */
export type AuthorizedGrant = {
  tokenId: number;
  resource: "api" | "mcp";
  mode: "live" | "sandbox";
  caps: SpendCaps | null;
  createdAt: Date;
  lastUsedAt: Date | null;
};

/** An application the user approved: it holds live tokens, or codes it has not exchanged yet (`pending`). */
export type AuthorizedApp = {
  clientId: number;
  name: string;
  /** How it came to Ribbon; only `registered` (created with a secret by an operator) is verified. */
  registration: ClientRegistration;
  verified: boolean;
  /** Where a metadata-document client describes itself (its client_id's host); null for the others. */
  host: string | null;
  since: Date;
  lastUsedAt: Date | null;
  tokens: number;
  pending: number;
  /** Its live tokens, oldest first. */
  grants: AuthorizedGrant[];
};

/** The client of a grant as the account page reads it. */
export type GrantClient = { id: number; name: string; kind: string; clientId: string };
type Grant = { createdAt: Date; client: GrantClient };
export type TokenGrant = Grant & { id: number; lastUsedAt: Date | null; caps: unknown; mode: string; resource: string };

const CLIENT = { select: { id: true, name: true, kind: true, clientId: true } } as const;

/** Every grant the user has given: live tokens and unexchanged, unexpired codes, by application, for the account page. */
export async function listAuthorizedApps(db: Tx, userId: string, now = new Date()): Promise<AuthorizedApp[]> {
  const [tokens, codes] = await Promise.all([
    db.oAuthToken.findMany({
      where: { userId, revokedAt: null },
      select: {
        id: true,
        createdAt: true,
        lastUsedAt: true,
        caps: true,
        mode: true,
        resource: true,
        client: CLIENT,
      },
      orderBy: { id: "asc" },
    }),
    db.oAuthCode.findMany({
      where: { userId, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: { createdAt: true, client: CLIENT },
    }),
  ]);
  return appsFromGrants(tokens, codes);
}

function registrationOf(kind: string): ClientRegistration {
  return kind === "metadata" || kind === "dynamic" ? kind : "registered";
}

function hostOf(client: GrantClient): string | null {
  if (client.kind !== "metadata") return null;
  try {
    return new URL(client.clientId).host;
  } catch {
    return null;
  }
}

/** The user's live OAuth tokens and pending codes, by application, oldest grant first. */
export function appsFromGrants(tokens: TokenGrant[], codes: Grant[]): AuthorizedApp[] {
  const apps = new Map<number, AuthorizedApp>();
  const appOf = (grant: Grant) => {
    const registration = registrationOf(grant.client.kind);
    const app = apps.get(grant.client.id) ?? {
      clientId: grant.client.id,
      name: grant.client.name,
      registration,
      verified: registration === "registered",
      host: hostOf(grant.client),
      since: grant.createdAt,
      lastUsedAt: null,
      tokens: 0,
      pending: 0,
      grants: [],
    };
    if (grant.createdAt < app.since) app.since = grant.createdAt;
    apps.set(app.clientId, app);
    return app;
  };
  for (const t of tokens) {
    const app = appOf(t);
    app.tokens += 1;
    if (t.lastUsedAt && (!app.lastUsedAt || t.lastUsedAt > app.lastUsedAt)) app.lastUsedAt = t.lastUsedAt;
    app.grants.push({
      tokenId: t.id,
      resource: t.resource === "mcp" ? "mcp" : "api",
      mode: t.mode === "sandbox" ? "sandbox" : "live",
      caps: capsFromJson(t.caps),
      createdAt: t.createdAt,
      lastUsedAt: t.lastUsedAt,
    });
  }
  for (const c of codes) appOf(c).pending += 1;
  for (const app of apps.values()) app.grants.sort((a, b) => a.tokenId - b.tokenId);
  return [...apps.values()].sort((a, b) => a.since.getTime() - b.since.getTime());
}

/** What the account page's "Lower caps" form sends for one grant: amounts like "50.00" (blank: no cap). */
export type GrantCapsInput = { perGift?: unknown; daily?: unknown; monthly?: unknown };

/** The form's field names, the pointers of the problems `lowerGrantCaps` reports. */
export const GRANT_CAP_FIELDS = { perGift: "max_per_gift", daily: "max_per_day", monthly: "max_per_month" } as const;
const CENTS = { perGift: "perGiftCents", daily: "dailyCents", monthly: "monthlyCents" } as const;

/**
 * Lowers the spending caps of one of the user's live OAuth tokens (never raises them: a higher
 * or removed cap is a new approval, on the consent screen). The collections it may send from
 * stay as approved. An agent's grant keeps a cap per gift and per day. Throws ValidationError
 * (pointers: GRANT_CAP_FIELDS); returns the caps saved, or null when the token is not the user's
 * live token (revoked, another person's, unknown).
 */
export async function lowerGrantCaps(
  db: Tx,
  userId: string,
  tokenId: number,
  input: GrantCapsInput,
): Promise<SpendCaps | null> {
  if (!Number.isSafeInteger(tokenId)) return null;
  const token = await db.oAuthToken.findFirst({
    where: { id: tokenId, userId, revokedAt: null },
    select: { id: true, caps: true, resource: true },
  });
  if (!token) return null;
  const current = capsFromJson(token.caps);
  const problems: FieldProblem[] = [];
  const parsed = parseCaps(
    { ...input, collections: null },
    (field) => (field === "collections" ? "collections" : GRANT_CAP_FIELDS[field]),
    problems,
  );
  if (problems.length > 0) throw new ValidationError(problems);
  const caps: SpendCaps | null =
    current?.collectionIds != null
      ? {
          ...(parsed ?? { perGiftCents: null, dailyCents: null, monthlyCents: null }),
          collectionIds: current.collectionIds,
        }
      : parsed;
  for (const field of ["perGift", "daily", "monthly"] as const) {
    const before = current?.[CENTS[field]] ?? null;
    const after = caps?.[CENTS[field]] ?? null;
    if (before !== null && (after === null || after > before))
      problems.push({
        detail: `can only be lowered here (it is $${formatMoney(before)}): to raise or remove it, connect the application again and approve new caps`,
        pointer: GRANT_CAP_FIELDS[field],
        code: "invalid",
      });
  }
  if (problems.length > 0 || !capsWithin(caps, current)) throw new ValidationError(problems);
  if (token.resource === "mcp") {
    const problem = mcpCapsProblem(caps);
    if (problem) throw new ValidationError([{ detail: problem, pointer: GRANT_CAP_FIELDS.perGift, code: "invalid" }]);
  }
  await db.oAuthToken.update({ where: { id: token.id }, data: { caps: capsToJson(caps) } });
  return caps;
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
