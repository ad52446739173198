// The team settings page's one read: the team, its members and, for owners, its invitations and
// charges, with its card, its spend controls, its reminder cadence and its swap collections. It
// spans identity (lib/teams), billing (lib/billing), reminders and the catalogue, so it lives
// above them, with the other pages' queries.
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { budgetOf, spentThisMonthSql, type Budget } from "@/lib/billing/budget";
import { toCardView, toChargeView, type CardView, type ChargeView, type StoredCard } from "@/lib/billing/card";
import { reminderSettingsOf, type ReminderSettings } from "@/lib/reminders/team-cadence";
import type { PendingInvitation } from "@/lib/teams/invitations";
import type { MemberView } from "@/lib/teams/members";
import { asRole, isMemberTeamId, noSuchTeam, type TeamRole } from "@/lib/teams/roles";
import { personName } from "@/lib/users/display-name";

/** Pending invitations an owner sees, newest first (as lib/teams/invitations lists them). */
const MAX_INVITATIONS = 200;
/** The latest ledger entries an owner sees. */
const MAX_CHARGES = 10;

export type TeamOverview = {
  team: { id: string; name: string };
  role: TeamRole;
  members: MemberView[];
  card: CardView | null;
  /** Owners only; empty for members. */
  invitations: PendingInvitation[];
  /** Owners only; empty for members. */
  charges: ChargeView[];
  budget: Budget;
  reminders: ReminderSettings;
  /** The team's swap collections (ids) and the collections it can choose from. */
  swap: { chosen: number[]; collections: { id: number; name: string; priceCents: number }[] };
};

type Stamp = string; // a timestamp inside JSON: UTC, without its zone
const at = (stamp: Stamp) => new Date(`${stamp}Z`);

type OverviewRow = {
  id: string;
  name: string;
  role: string;
  limits: {
    monthlyBudgetCents: number | null;
    perGiftLimitCents: number | null;
    approvalAbovePriceCents: number | null;
    approvalAboveBatchSize: number | null;
    currency: string;
  };
  spent: number;
  reminderCadence: string[];
  swapCollectionIds: number[];
  members: { userId: string; name: string | null; email: string; role: string; since: Stamp }[];
  card: StoredCard | null;
  invitations: {
    id: number;
    email: string;
    role: string;
    invitedBy: string | null;
    createdAt: Stamp;
    expiresAt: Stamp;
  }[];
  charges: (Omit<ChargeView, "kind" | "createdAt"> & { kind: string; createdAt: Stamp })[];
  collections: { id: number; name: string; priceCents: number }[];
};

/**
 * Everything the team's settings page shows to this user, in one statement whose membership
 * join is the check: a non-member (or the sandbox, or no such team) gets the same 404 as
 * `requireMember`'s; invitations and charges are read for owners only.
 */
export async function teamOverview(
  db: Queryable,
  userId: string,
  teamId: string,
  now = new Date(),
): Promise<TeamOverview> {
  if (!isMemberTeamId(teamId)) throw noSuchTeam(teamId);
  const [row] = await queryRows<OverviewRow>(
    db,
    Prisma.sql`
      SELECT t."id", t."name", m."role",
             json_build_object('monthlyBudgetCents', t."monthlyBudgetCents", 'perGiftLimitCents', t."perGiftLimitCents",
                               'approvalAbovePriceCents', t."approvalAbovePriceCents",
                               'approvalAboveBatchSize', t."approvalAboveBatchSize", 'currency', t."currency") AS "limits",
             ${spentThisMonthSql(Prisma.sql`t."id"`, now)} AS "spent",
             to_json(t."reminderCadence") AS "reminderCadence",
             to_json(t."swapCollectionIds") AS "swapCollectionIds",
             (SELECT coalesce(json_agg(json_build_object('userId', u."id", 'name', u."name", 'email', u."email",
                                                         'role', o."role", 'since', o."createdAt")
                                       ORDER BY (o."role" = 'owner') DESC, o."createdAt", o."userId"), '[]')
                FROM "Membership" o JOIN "User" u ON u."id" = o."userId" WHERE o."teamId" = t."id") AS "members",
             (SELECT json_build_object('brand', p."brand", 'last4', p."last4", 'expMonth', p."expMonth",
                                       'expYear', p."expYear", 'testBehavior', p."testBehavior")
                FROM "PaymentMethod" p WHERE p."teamId" = t."id") AS "card",
             CASE WHEN m."role" = 'owner' THEN
               (SELECT coalesce(json_agg(json_build_object('id', i."id", 'email', i."email", 'role', i."role",
                                                           'invitedBy', i."invitedBy", 'createdAt', i."createdAt",
                                                           'expiresAt', i."expiresAt")
                                         ORDER BY i."createdAt" DESC, i."id" DESC), '[]')
                  FROM (SELECT i."id", i."email", i."role", i."createdAt", i."expiresAt", inviter."name" AS "invitedBy"
                          FROM "TeamInvitation" i JOIN "User" inviter ON inviter."id" = i."invitedById"
                         WHERE i."teamId" = t."id" AND i."acceptedAt" IS NULL AND i."revokedAt" IS NULL
                         ORDER BY i."createdAt" DESC, i."id" DESC LIMIT ${MAX_INVITATIONS}) i)
             ELSE '[]' END AS "invitations",
             CASE WHEN m."role" = 'owner' THEN
               (SELECT coalesce(json_agg(json_build_object('id', c."id", 'kind', c."kind", 'amountCents', c."amountCents",
                                                           'currency', c."currency", 'description', c."description",
                                                           'cardLast4', c."cardLast4", 'createdAt', c."createdAt")
                                         ORDER BY c."createdAt" DESC, c."id" DESC), '[]')
                  FROM (SELECT * FROM "Charge" c WHERE c."teamId" = t."id"
                         ORDER BY c."createdAt" DESC, c."id" DESC LIMIT ${MAX_CHARGES}) c)
             ELSE '[]' END AS "charges",
             (SELECT coalesce(json_agg(json_build_object('id', k."id", 'name', k."name", 'priceCents', k."priceCents")
                                       ORDER BY k."global", k."name"), '[]')
                FROM "Collection" k WHERE k."global" OR k."teamId" = t."id") AS "collections"
        FROM "Membership" m JOIN "Team" t ON t."id" = m."teamId"
       WHERE m."userId" = ${userId} AND m."teamId" = ${teamId}`,
  );
  if (!row) throw noSuchTeam(teamId);
  const owner = row.role === "owner";
  return {
    team: { id: row.id, name: row.name },
    role: asRole(row.role),
    members: row.members.map((m) => ({ ...m, role: asRole(m.role), since: at(m.since) })),
    card: row.card && toCardView(row.card),
    invitations: owner
      ? row.invitations.map((i) => ({
          id: i.id,
          email: i.email,
          role: asRole(i.role),
          invitedBy: personName(i.invitedBy, row.name),
          createdAt: at(i.createdAt),
          expiresAt: at(i.expiresAt),
          expired: at(i.expiresAt) <= now,
        }))
      : [],
    charges: owner ? row.charges.map((c) => toChargeView({ ...c, createdAt: at(c.createdAt) })) : [],
    budget: budgetOf(row.id, row.limits, row.spent, now),
    reminders: reminderSettingsOf(row.id, row.reminderCadence),
    swap: { chosen: row.swapCollectionIds, collections: row.collections },
  };
}
