import type { PrismaClient, Tx } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { badRequest, forbidden, notFound, unknownFieldProblems, ValidationError } from "@/lib/errors";
import { ownerRequired } from "@/lib/teams";
import { readErasure, runErasure, startErasure, type Erasure } from "./erase";

/**
 * How long `POST /erasures` works before it answers: a person with a few hundred gifts is erased
 * within it (200, completed); a larger erasure answers 202 (in progress) and goes on after the
 * response, a short transaction at a time (docs/privacy.md).
 */
export const ERASURE_ANSWER_BUDGET_MS = 1000;

/** Longest retention a team may choose: ten years. */
export const MAX_RETENTION_DAYS = 3650;

export type PrivacySettings = { teamId: string; retentionDays: number };

export async function readPrivacySettings(db: Tx, teamId: string): Promise<PrivacySettings> {
  const team = await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { recipientDataRetentionDays: true } });
  return { teamId, retentionDays: team.recipientDataRetentionDays };
}

const requireOwnerOfLiveTeam = (actor: TeamActor, what: string) => {
  if (actor.mode === "sandbox") throw forbidden(`The shared sandbox team's ${what} can't be changed.`);
  if (actor.role !== "owner")
    throw ownerRequired(`Only the team's owners can ${what}. Ask an owner of team "${actor.team.id}".`);
};

/**
 * `PATCH /privacy {"privacy": {"recipient_data_retention_days": N}}`: owners choose how many days
 * after a gift's final stage its recipient's data is erased (0: never; default 90).
 */
export async function updatePrivacySettings(db: Tx, actor: TeamActor, body: unknown): Promise<PrivacySettings> {
  requireOwnerOfLiveTeam(actor, "set its data retention");
  const privacy = (body as { privacy?: unknown } | null)?.privacy;
  if (!privacy || typeof privacy !== "object" || Array.isArray(privacy))
    throw badRequest('The body must be {"privacy": {"recipient_data_retention_days": 90}}.');
  const fields = privacy as Record<string, unknown>;
  const problems = unknownFieldProblems(fields, ["recipient_data_retention_days"], "/privacy");
  const days = fields.recipient_data_retention_days;
  if (typeof days !== "number" || !Number.isInteger(days) || days < 0 || days > MAX_RETENTION_DAYS)
    problems.push({
      detail: `Recipient data retention days must be a whole number from 0 (never erase) to ${MAX_RETENTION_DAYS}`,
      pointer: "/privacy/recipient_data_retention_days",
      code: "invalid_retention",
    });
  if (problems.length > 0) throw new ValidationError(problems);
  await db.team.update({ where: { id: actor.team.id }, data: { recipientDataRetentionDays: days as number } });
  return readPrivacySettings(db, actor.team.id);
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * `POST /erasures {"email": …}`: an owner erases one person's data from the team
 * (lib/privacy/erase.ts), for up to `budgetMs`; the caller runs the rest (`runErasure`) after its
 * answer when it is still in progress. A second request for an address whose erasure is in progress continues it.
 */
export async function requestErasure(
  db: PrismaClient,
  actor: TeamActor,
  body: unknown,
  { budgetMs = ERASURE_ANSWER_BUDGET_MS }: { budgetMs?: number } = {},
): Promise<Erasure> {
  requireOwnerOfLiveTeam(actor, "erase a recipient's data");
  const fields = (body ?? {}) as Record<string, unknown>;
  const problems = unknownFieldProblems(fields, ["email"], "");
  const email = typeof fields.email === "string" ? fields.email.trim() : "";
  if (!email || email.length > 254 || !EMAIL.test(email))
    problems.push({ detail: "Email is not a valid email address", pointer: "/email", code: "invalid_email" });
  if (problems.length > 0) throw new ValidationError(problems);
  return runErasure(db, await startErasure(db, actor.team.id, email), { budgetMs });
}

/** `GET /erasures/:id`: how an erasure request stands (owners of the team; 404 for another team's). */
export async function erasureOf(db: Tx, actor: TeamActor, id: string): Promise<Erasure> {
  requireOwnerOfLiveTeam(actor, "see its erasures");
  const erasure = /^era_[0-9a-f]{32}$/.test(id) ? await readErasure(db, id, actor.team.id) : null;
  if (!erasure) throw notFound(`No erasure "${id.slice(0, 40)}" on team "${actor.team.id}".`);
  return erasure;
}
