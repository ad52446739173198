// The account page's one read: the person's developer tokens, the applications they approved,
// their teams, the webhook endpoints they see, the collections their tokens may be capped to and
// their email preferences. It spans identity, tokens, OAuth, webhooks and the catalogue, so it
// lives above them, with the other pages' queries.
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { appsFromGrants, type AuthorizedApp, type GrantClient } from "@/lib/oauth/authorized-apps";
import { asRole } from "@/lib/teams/roles";
import { SANDBOX_TEAM_ID } from "@/lib/teams/constants";
import type { MyTeam } from "@/lib/teams/overview";
import { toTokenView } from "@/lib/tokens/list-tokens";
import type { DeveloperTokenView } from "@/lib/tokens/types";
import type { EmailPreferences } from "@/lib/users/preferences";

/** Each endpoint shows its latest attempts, this many. */
const ATTEMPTS_PER_ENDPOINT = 5;

export type AccountEndpoint = {
  id: string;
  teamId: string;
  url: string;
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  attempts: {
    id: number;
    succeeded: boolean;
    responseStatus: number | null;
    durationMs: number;
    error: string | null;
    createdAt: Date;
    delivery: { eventType: string };
  }[];
};

export type AccountOverview = {
  /** Tokens that still work: the current pair first, then a previous pair in its grace period. */
  tokens: DeveloperTokenView[];
  apps: AuthorizedApp[];
  /** Oldest membership first. */
  teams: MyTeam[];
  /** Those of the person's teams, and their own sandbox ones. */
  endpoints: AccountEndpoint[];
  /** What a credential's caps may allow: global collections and those of the person's teams. */
  collections: { id: number; name: string; priceCents: number }[];
  preferences: EmailPreferences;
};

type Stamp = string; // a timestamp inside JSON: UTC, without its zone
const at = (stamp: Stamp) => new Date(`${stamp}Z`);
const maybe = (stamp: Stamp | null) => (stamp === null ? null : at(stamp));
type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? Stamp | null : Stamp };
type GrantRow = { createdAt: Stamp; client: GrantClient };
type TokenRow = GrantRow & { id: number; lastUsedAt: Stamp | null; caps: unknown; mode: string; resource: string };

type AccountRow = {
  emailOnGiftOutcome: boolean;
  tokens: (Dated<DeveloperTokenView, "createdAt" | "lastUsedAt" | "expiresAt"> & { mode: string; caps: unknown })[];
  oauthTokens: TokenRow[];
  oauthCodes: GrantRow[];
  teams: { id: string; name: string; role: string }[];
  endpoints: (Omit<AccountEndpoint, "attempts"> & {
    attempts: Dated<AccountEndpoint["attempts"][number], "createdAt">[];
  })[];
  collections: { id: number; name: string; priceCents: number }[];
};

/** Everything the account page shows the signed-in person, in one statement. */
export async function accountOverview(db: Queryable, userId: string, now = new Date()): Promise<AccountOverview> {
  const client = Prisma.sql`json_build_object('id', k."id", 'name', k."name", 'kind', k."kind", 'clientId', k."clientId")`;
  const [row] = await queryRows<AccountRow>(
    db,
    Prisma.sql`
      SELECT u."emailOnGiftOutcome",
             (SELECT coalesce(json_agg(json_build_object('id', a."id", 'mode', a."mode", 'start', a."start",
                                                         'createdAt', a."createdAt", 'lastUsedAt', a."lastUsedAt",
                                                         'expiresAt', a."expiresAt", 'caps', a."caps")
                                       ORDER BY a."expiresAt" ASC NULLS FIRST, a."mode", a."id"), '[]')
                FROM "ApiToken" a
               WHERE a."userId" = u."id" AND a."name" IS NULL AND a."revokedAt" IS NULL
                 AND (a."expiresAt" IS NULL OR a."expiresAt" > ${now}::timestamp)) AS "tokens",
             (SELECT coalesce(json_agg(json_build_object('id', o."id", 'createdAt', o."createdAt", 'lastUsedAt', o."lastUsedAt",
                                                         'caps', o."caps", 'mode', o."mode", 'resource', o."resource",
                                                         'client', ${client}) ORDER BY o."id"), '[]')
                FROM "OAuthToken" o JOIN "OAuthClient" k ON k."id" = o."clientId"
               WHERE o."userId" = u."id" AND o."revokedAt" IS NULL) AS "oauthTokens",
             (SELECT coalesce(json_agg(json_build_object('createdAt', c."createdAt", 'client', ${client})
                                       ORDER BY c."id"), '[]')
                FROM "OAuthCode" c JOIN "OAuthClient" k ON k."id" = c."clientId"
               WHERE c."userId" = u."id" AND c."usedAt" IS NULL AND c."revokedAt" IS NULL
                 AND c."expiresAt" > ${now}::timestamp) AS "oauthCodes",
             (SELECT coalesce(json_agg(json_build_object('id', t."id", 'name', t."name", 'role', m."role")
                                       ORDER BY m."createdAt", m."teamId"), '[]')
                FROM "Membership" m JOIN "Team" t ON t."id" = m."teamId" WHERE m."userId" = u."id") AS "teams",
             (SELECT coalesce(json_agg(json_build_object(
                       'id', e."id", 'teamId', e."teamId", 'url', e."url", 'description', e."description",
                       'enabled', e."enabled", 'disabledReason', e."disabledReason",
                       'attempts', (SELECT coalesce(json_agg(json_build_object(
                                             'id', w."id", 'succeeded', w."succeeded", 'responseStatus', w."responseStatus",
                                             'durationMs', w."durationMs", 'error', w."error", 'createdAt', w."createdAt",
                                             'delivery', json_build_object('eventType', d."eventType")) ORDER BY w."id" DESC), '[]')
                                      FROM (SELECT * FROM "WebhookAttempt" w WHERE w."endpointId" = e."id"
                                             ORDER BY w."id" DESC LIMIT ${ATTEMPTS_PER_ENDPOINT}) w
                                      JOIN "WebhookDelivery" d ON d."id" = w."deliveryId"))
                       ORDER BY e."teamId", e."createdAt"), '[]')
                FROM "WebhookEndpoint" e
               WHERE e."teamId" IN (SELECT "teamId" FROM "Membership" WHERE "userId" = u."id")
                  OR (e."teamId" = ${SANDBOX_TEAM_ID} AND e."ownerId" = u."id")) AS "endpoints",
             (SELECT coalesce(json_agg(json_build_object('id', k."id", 'name', k."name", 'priceCents', k."priceCents")
                                       ORDER BY k."global", k."name"), '[]')
                FROM "Collection" k
               WHERE k."global" OR k."teamId" IN (SELECT "teamId" FROM "Membership" WHERE "userId" = u."id")) AS "collections"
        FROM "User" u
       WHERE u."id" = ${userId}`,
  );
  if (!row) throw new Error(`No user "${userId}".`);
  const grant = (g: GrantRow) => ({ createdAt: at(g.createdAt), client: g.client });
  return {
    tokens: row.tokens.map((t) =>
      toTokenView({ ...t, createdAt: at(t.createdAt), lastUsedAt: maybe(t.lastUsedAt), expiresAt: maybe(t.expiresAt) }),
    ),
    apps: appsFromGrants(
      row.oauthTokens.map((t) => ({ ...t, ...grant(t), lastUsedAt: maybe(t.lastUsedAt) })),
      row.oauthCodes.map(grant),
    ),
    teams: row.teams.map((t) => ({ id: t.id, name: t.name, role: asRole(t.role) })),
    endpoints: row.endpoints.map((e) => ({
      ...e,
      attempts: e.attempts.map((a) => ({ ...a, createdAt: at(a.createdAt) })),
    })),
    collections: row.collections,
    preferences: { giftOutcome: row.emailOnGiftOutcome },
  };
}
