import type { PrismaClient, Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { isUniqueViolation } from "@/lib/database/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { HttpError, notFound } from "@/lib/errors";
import { resendGift } from "@/lib/gifts";
import { findIdempotencyKey, reserveIdempotencyKey } from "@/lib/idempotency";
import { requireSender } from "@/lib/teams";
import { findBatch, reminderCandidateWhere, remindableWhere } from "./campaigns";
import { oncePerForm } from "./form-key";

/**
 * "Remind those who haven't opened" for a whole campaign, in the background. A click queues a
 * CampaignReminder (once per form key; at most one unfinished per batch: a second click while
 * one runs joins it); the `send-campaign-reminders` job (lib/jobs/registry.ts) works through it
 * a chunk at a time. Each gift is resent by resendGift, exactly as `POST /gifts/:id/resend`: its
 * own transaction with the gift locked, under the API's resend limit. That lock and limit make
 * every gift reminded once even if two workers work the same chunk; the chunk lease only keeps
 * them from trying.
 */

/** Gifts one step of the job resends at most (each is its own locked transaction, ~8 a second). */
export const REMIND_CHUNK = 100;
/** A worker holds a reminder this long per chunk; a dead worker's chunk is taken again after it. */
export const REMIND_LEASE_MS = 5 * 60_000;

export type QueuedReminders = {
  /** How many the resend limit allows now: "N reminders are being sent". */
  queued: number;
  /** A reminder of this campaign was already running: this click joined it, nothing new was queued. */
  joined: boolean;
};

export type CampaignReminders = {
  id: number;
  queued: number;
  reminded: number;
  skipped: number;
  createdAt: Date;
  finishedAt: Date | null;
  stopReason: string | null;
  byName: string;
};

type Run = {
  id: number;
  batchId: string;
  userId: string;
  afterId: string;
  teamId: string;
  livemode: boolean;
};

const latestSql = (batchId: string, unfinished: boolean) =>
  Prisma.sql`SELECT r."id", r."queued", r."reminded", r."skipped", r."createdAt", r."finishedAt", r."stopReason",
                    coalesce(u."name", u."email", 'someone') AS "byName"
             FROM "CampaignReminder" r LEFT JOIN "User" u ON u."id" = r."userId"
             WHERE r."batchId" = ${batchId} ${unfinished ? Prisma.sql`AND r."finishedAt" IS NULL` : Prisma.empty}
             ORDER BY r."createdAt" DESC, r."id" DESC LIMIT 1`;

/**
 * The campaign's latest reminder (running or done), for the page's progress line: how many were
 * queued, reminded and skipped so far, by whom and when. Null: never reminded this way.
 */
export async function campaignReminders(db: Tx, actor: TeamActor, batchId: string): Promise<CampaignReminders | null> {
  const batch = await findBatch(db, actor, batchId);
  const [row] = await queryRows<CampaignReminders>(db, latestSql(batch.id, false));
  return row ?? null;
}

/**
 * The click: queues the campaign's reminder once per form key (a double submit, a resubmitted
 * form: one reminder), as the actor (owners: every gift; members: the gifts they sent; viewers:
 * 403). Nothing to remind now: nothing queued. A reminder of the batch already running: joined
 * (the answer says how many it queued), whoever started it.
 */
export async function queueCampaignReminders(
  db: PrismaClient,
  actor: TeamActor,
  input: { batchId: string; formKey: string },
  now = new Date(),
): Promise<QueuedReminders & { repeated: boolean }> {
  requireSender(actor.role, actor.team.id, "remind recipients");
  const batch = await findBatch(db, actor, input.batchId);
  const running = async (): Promise<QueuedReminders | null> => {
    const [row] = await queryRows<CampaignReminders>(db, latestSql(batch.id, true));
    return row ? { queued: row.queued, joined: true } : null;
  };
  return oncePerForm(db, actor, {
    formKey: input.formKey,
    content: `${actor.team.id}:remind:${batch.id}`,
    conflictMessage: "This form was already used for another campaign. Reload the page.",
    replay: async () => {
      const [row] = await queryRows<CampaignReminders>(db, latestSql(batch.id, false));
      return { queued: row?.queued ?? 0, joined: false };
    },
    run: async (reservation) => {
      const already = await running();
      if (already) return already;
      const [{ queued }] = await queryRows<{ queued: number }>(
        db,
        Prisma.sql`SELECT count(*)::int AS "queued" FROM "Gift" g WHERE g."batchId" = ${batch.id} AND ${remindableWhere(actor, now)}`,
      );
      if (queued === 0) return { queued: 0, joined: false };
      try {
        await db.$transaction(async (tx) => {
          await reserveIdempotencyKey(tx, reservation, []);
          await queryRows(
            tx,
            Prisma.sql`INSERT INTO "CampaignReminder" ("batchId", "userId", "queued", "createdAt")
                       VALUES (${batch.id}, ${actor.user.id}, ${queued}, ${now}::timestamp)`,
          );
        });
      } catch (error) {
        // The same form twice at once (the key's unique index) is oncePerForm's to answer; another
        // click of the batch at the same moment ("CampaignReminder_unfinished_key") is joined.
        if (!isUniqueViolation(error) || (await findIdempotencyKey(db, reservation.ownerKey, reservation.key)))
          throw error;
        const joined = await running();
        if (joined) return joined;
        throw error;
      }
      return { queued, joined: false };
    },
  });
}

/**
 * One step of the job: claims the oldest unfinished reminder no live worker holds (a lease of
 * REMIND_LEASE_MS, taken with SKIP LOCKED, so two workers take two different reminders or one
 * takes none) and resends the next `chunk` of its gifts after the last one handled, in id order:
 * sent, not opened, by email, the clicker's to change as their role is now. A gift resendGift
 * refuses (opened or cancelled since, resent within the limit by anyone) is counted as skipped.
 * The reminder is finished when a chunk comes back short; a person who may no longer remind
 * (left the team, now a viewer) finishes it with a reason.
 */
export async function sendCampaignReminders(
  db: PrismaClient,
  options: { chunk?: number; now?: Date; stop?: () => boolean } = {},
): Promise<{ reminded: number; skipped: number }> {
  const chunk = options.chunk ?? REMIND_CHUNK;
  const now = options.now ?? new Date();
  const lease = new Date(now.getTime() + REMIND_LEASE_MS);
  const [run] = await queryRows<Run>(
    db,
    Prisma.sql`
    UPDATE "CampaignReminder" r SET "leaseUntil" = ${lease}::timestamp
    FROM "GiftBatch" b
    WHERE b."id" = r."batchId" AND r."id" = (
      SELECT "id" FROM "CampaignReminder"
      WHERE "finishedAt" IS NULL AND ("leaseUntil" IS NULL OR "leaseUntil" < ${now}::timestamp)
      ORDER BY "id" LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING r."id", r."batchId", r."userId", r."afterId", b."teamId", b."livemode"`,
  );
  if (!run) return { reminded: 0, skipped: 0 };

  const finish = (counts: { reminded: number; skipped: number; last: string | null; done: boolean; reason?: string }) =>
    queryRows(
      db,
      Prisma.sql`
      UPDATE "CampaignReminder" SET "reminded" = "reminded" + ${counts.reminded}::int,
             "skipped" = "skipped" + ${counts.skipped}::int,
             "afterId" = greatest("afterId", ${counts.last ?? ""}),
             "stopReason" = coalesce("stopReason", ${counts.reason ?? null}::text),
             "finishedAt" = coalesce("finishedAt", ${counts.done ? now : null}::timestamp),
             "leaseUntil" = CASE WHEN "leaseUntil" = ${lease}::timestamp THEN NULL ELSE "leaseUntil" END
      WHERE "id" = ${run.id}`,
    );

  let actor: TeamActor;
  try {
    actor = await actorOf(db, run);
    requireSender(actor.role, actor.team.id, "remind recipients");
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await finish({
      reminded: 0,
      skipped: 0,
      last: null,
      done: true,
      reason: "The person who clicked may no longer remind.",
    });
    return { reminded: 0, skipped: 0 };
  }
  const candidates = await queryRows<{ id: string }>(
    db,
    Prisma.sql`SELECT g."id" FROM "Gift" g
               WHERE g."batchId" = ${run.batchId} AND g."id" > ${run.afterId} AND ${reminderCandidateWhere(actor)}
               ORDER BY g."id" LIMIT ${chunk}::int`,
  );
  let reminded = 0;
  let skipped = 0;
  let last: string | null = null;
  let stopped = false;
  try {
    for (const { id } of candidates) {
      if (options.stop?.()) {
        stopped = true;
        break;
      }
      try {
        await resendGift(db, actor, id, { now });
        reminded += 1;
      } catch (error) {
        // Opened, redeemed or cancelled since, resent within the limit (by another worker, a click
        // on the gift, the API), or no longer the clicker's: left alone, counted.
        if (!(error instanceof HttpError) || ![403, 404, 409, 429].includes(error.status)) throw error;
        skipped += 1;
      }
      last = id;
    }
  } finally {
    // Whatever happened, the gifts handled are recorded, so a retry starts after them.
    await finish({
      reminded,
      skipped,
      last,
      done: !stopped && candidates.length < chunk && last === (candidates.at(-1)?.id ?? null),
    });
  }
  return { reminded, skipped };
}

/** The person who clicked, on the batch's team (live) or in their own sandbox, with their role as it is now. */
async function actorOf(db: PrismaClient, run: Run): Promise<TeamActor> {
  const user = await db.user.findUnique({ where: { id: run.userId }, select: { id: true, name: true, email: true } });
  if (!user) throw notFound("The person who clicked is gone.");
  const person: SessionActor = {
    user,
    mode: run.livemode ? "live" : "sandbox",
    via: "session",
    credentialId: null,
  };
  return onTeam(db, person, run.livemode ? run.teamId : undefined);
}
