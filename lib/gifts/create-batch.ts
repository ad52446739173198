import type { PrismaClient } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { chargedBy, chargeTeam, holdForApproval, readSpendControls } from "@/lib/billing";
import { sha256 } from "@/lib/crypto";
import { queryRows, sqlTransaction } from "@/lib/database/sql";
import { allowLongTransaction } from "@/lib/database/transaction-budget";
import { ValidationError, type FieldProblem } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { reserveIdempotencyKey, type IdempotencyReservation } from "@/lib/idempotency";
import { requireSender } from "@/lib/teams";
import { queueApprovalEmails } from "./approval-email";
import { newBatchId, newGiftId } from "./ids";
import { insertGifts, type OwnGiftValues } from "./insert-gifts";
import { batchArrival, type CollectionRecipients } from "./batch-arrival";
import { perGiftInCurrency, teamCurrency } from "./conversion";
import { referenceProblems, resolveReferences, type References } from "./resolve-references";
import { MAX_BULK_RECIPIENTS, type RecipientDraft } from "./schema";
import { INITIAL_STAGE } from "./stages";
import { defaultSubject, recipientSubject } from "./subject";
import { untieTokenHash } from "@/lib/untie";

/**
 * Gifts of one batch that share their collection, card design and message (each recipient
 * keeps their own name, email, from line, send time and expiry). A CSV upload is one group per
 * distinct (collection, design, message).
 */
export type BatchGroup = {
  /** A collection's name or id, as the API takes it. */
  collection: string;
  /** A design's slug; none: no design. */
  designId?: string;
  message: string;
  /** The from line of recipients that don't give their own. */
  from: string;
  subject?: string;
  recipients: RecipientDraft[];
  /**
   * Each recipient's place in the whole request (0-based), when groups were gathered out of it
   * (a CSV's rows grouped by collection and message); none: the groups' own order is the request's.
   */
  positions?: number[];
};

export type CreateBatchInput = {
  /** Who sends, on which team (a viewer is refused). */
  actor: TeamActor;
  groups: BatchGroup[];
  /** The GiftBatch's name (at most 120 characters, as the API's `batch_name`). */
  batchName: string;
  now: Date;
  idempotency?: IdempotencyReservation;
};

export type CreatedBatch = {
  id: string;
  name: string;
  size: number;
  giftIds: string[];
  /** What the gifts cost; `chargeCents` is what was charged (0 in the sandbox, with no Charge row). */
  totalCents: number;
  chargeCents: number;
  chargeId: number | null;
  /** True when the team wants an owner to approve these gifts first: nothing was charged. */
  pendingApproval: boolean;
};

/**
 * Most messages one batch adds to the sender's message history: its most used ones. The history
 * is where a sender picks a message to write again; a mail-merge file with a message per row
 * would bury it under thousands of one-offs (and writing 10,000 history rows was a sixth of a
 * 10,000-row upload's time on PGlite, docs/performance.md).
 */
export const MAX_BATCH_HISTORY_MESSAGES = 100;

/** The batch's most used messages (ties: the first met), at most MAX_BATCH_HISTORY_MESSAGES, least used first. */
function historyMessages(groups: BatchGroup[]): string[] {
  const uses = new Map<string, number>();
  for (const g of groups) uses.set(g.message, (uses.get(g.message) ?? 0) + g.recipients.length);
  return [...uses]
    .map(([message, count], order) => ({ message, count, order }))
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, MAX_BATCH_HISTORY_MESSAGES)
    .reverse()
    .map((m) => m.message);
}

const referenceKey = (g: Pick<BatchGroup, "collection" | "designId">) => JSON.stringify([g.collection, g.designId]);

function ownValues(id: string, r: RecipientDraft, group: BatchGroup, subject: string | undefined): OwnGiftValues {
  return {
    id,
    recipientName: r.name ?? "",
    deliveryMethod: r.deliveryMethod,
    email: r.email,
    ccEmail: r.ccEmail,
    subject,
    from: r.from ?? group.from,
    scheduledAt: r.scheduledAt,
    expiresOn: r.expiresOn,
    locale: r.locale,
    recipientCountry: r.recipientCountry,
    reminders: r.reminders,
    timeZone: r.timeZone,
    untieTokenHash: untieTokenHash(id),
    message: group.message,
  };
}

/**
 * The groups as insert statements: one per collection, design and subject, each gift carrying
 * its own message where it isn't the statement's. A file where every row has its own message
 * is then a few statements, not one per row.
 */
function statements(groups: BatchGroup[], subjectOf: (r: RecipientDraft, group: BatchGroup) => string | undefined) {
  const merged = new Map<string, { group: BatchGroup; gifts: OwnGiftValues[] }>();
  const ownOf = new Map<RecipientDraft, OwnGiftValues>();
  // A batch's gifts share one creation time, so lists order them by id after it (newest first:
  // id descending). Random ids, handed out largest first in the request's (the file's) order,
  // keep them unguessable and list the batch in its own order.
  const ids = Array.from({ length: groups.reduce((n, g) => n + g.recipients.length, 0) }, newGiftId).sort((a, b) =>
    a < b ? 1 : a > b ? -1 : 0,
  );
  let next = 0;
  // Positions are used only when they name every place once (else two gifts would share an id).
  const places = groups.flatMap((g) => (g.positions?.length === g.recipients.length ? g.positions : []));
  const positioned =
    places.length === ids.length &&
    new Set(places).size === ids.length &&
    places.every((p) => p >= 0 && p < ids.length);
  for (const g of groups) {
    const key = JSON.stringify([g.collection, g.designId, g.subject]);
    const statement = merged.get(key) ?? { group: g, gifts: [] };
    for (const [i, r] of g.recipients.entries()) {
      const own = ownValues(ids[positioned ? g.positions![i] : next], r, g, subjectOf(r, g));
      ownOf.set(r, own);
      next += 1;
      if (own.message === statement.group.message) delete own.message;
      statement.gifts.push(own);
    }
    merged.set(key, statement);
  }
  return { statements: [...merged.values()], ownOf };
}

/** The groups' recipients by collection (a CSV's rows of one collection come in many groups). */
export function byCollection<G extends { recipients: RecipientDraft[] }>(
  groups: G[],
  collectionOf: (group: G) => CollectionRecipients["collection"],
): CollectionRecipients[] {
  const found = new Map<number, CollectionRecipients>();
  for (const g of groups) {
    const collection = collectionOf(g);
    const entry = found.get(collection.id) ?? { collection, recipients: [] };
    entry.recipients.push(...g.recipients);
    found.set(collection.id, entry);
  }
  return [...found.values()];
}

/**
 * Creates every gift of every group as one batch, all or nothing, in one driver transaction:
 * the idempotency key (a concurrent request with the same key waits on it, then fails with a
 * unique violation) → each distinct collection and design resolved → the total at each
 * collection's price (lib/gifts/price.ts) → ONE charge for it (live only) → the gifts and their
 * events, one insertGifts statement per collection, design and subject (each gift with its
 * group's message and from line), sharing the charge and the batch (the first statement writes
 * the GiftBatch row, its size all the gifts) → the batch's most used messages (at most
 * MAX_BATCH_HISTORY_MESSAGES) in the sender's message history, the most used the newest.
 * Throws ValidationError when a reference isn't found, or BillingError when there is no card or
 * it declines; nothing is written then.
 */
export async function createBatch(db: PrismaClient, input: CreateBatchInput): Promise<CreatedBatch> {
  const { actor, now } = input;
  const { team } = actor;
  requireSender(actor.role, team.id);
  const size = input.groups.reduce((n, g) => n + g.recipients.length, 0);
  if (size === 0) throw new ValidationError([{ detail: "A batch needs at least one gift.", code: "blank" }]);
  if (size > MAX_BULK_RECIPIENTS)
    throw new ValidationError([
      { detail: `A batch has at most ${MAX_BULK_RECIPIENTS} gifts.`, code: "too_many_recipients" },
    ]);
  const name = input.batchName.trim().slice(0, 120) || `Bulk send of ${size} gifts`;
  const livemode = actor.mode === "live";
  const batch = { id: newBatchId(), name, size };
  const { statements: groups, ownOf } = statements(input.groups, (r, g) =>
    recipientSubject(actor.user, team, g.subject)(r),
  );
  const giftIds = groups.flatMap((g) => g.gifts.map((gift) => gift.id));
  const messages = historyMessages(input.groups);

  return allowLongTransaction("a batch is all or nothing: its gifts and their charges commit together", () =>
    sqlTransaction(db, async (tx) => {
      if (input.idempotency) await reserveIdempotencyKey(tx, input.idempotency, giftIds);

      // Each distinct reference once: a file of 10,000 rows names a handful of collections.
      const refs = new Map<string, References>();
      const problems: FieldProblem[] = [];
      for (const { group: g } of groups) {
        const key = referenceKey(g);
        if (refs.has(key)) continue;
        const spec = { collection: g.collection, designId: g.designId };
        const found = await resolveReferences(tx, team.id, spec);
        refs.set(key, found);
        problems.push(...referenceProblems(found, spec));
      }
      if (problems.length > 0) throw new ValidationError(problems);

      // One gift's price per reference in the team's currency (converted once at the current rate where the collection's is another).
      const currency = await teamCurrency(tx, team.id);
      const prices = new Map<string, number>();
      for (const { group } of groups) {
        const key = referenceKey(group);
        if (!prices.has(key)) prices.set(key, await perGiftInCurrency(tx, currency, refs.get(key)!.collection!));
      }
      const priceOf = (group: BatchGroup) => prices.get(referenceKey(group))!;
      // What the recipients naming a country pay on arrival (lib/gifts/batch-arrival.ts): within their price.
      const arrival = await batchArrival(tx, {
        teamId: team.id,
        currency,
        collections: byCollection(input.groups, (g) => refs.get(referenceKey(g))!.collection!),
      });
      if (arrival.problems.length > 0) throw new ValidationError(arrival.problems.map((p) => p.problem));
      const estimated = livemode && arrival.charges.size > 0;
      if (estimated)
        for (const [r, own] of ownOf) Object.assign(own, arrival.charges.get(r) ?? { dutiesMinor: 0, taxesMinor: 0 });
      const landedOf = (own: OwnGiftValues) => (own.dutiesMinor ?? 0) + (own.taxesMinor ?? 0);
      const totalCents = groups.reduce(
        (sum, { group, gifts }) => sum + gifts.reduce((n, own) => n + priceOf(group) + landedOf(own), 0),
        0,
      );
      const chargeCents = livemode ? totalCents : 0;
      const charge = {
        teamId: team.id,
        amountCents: chargeCents,
        largestGiftCents: Math.max(
          ...groups.map(({ group, gifts }) => priceOf(group) + Math.max(0, ...gifts.map(landedOf))),
        ),
        collectionIds: [...new Set(groups.map(({ group }) => refs.get(referenceKey(group))!.collection!.id))],
        description: `${size} ${size === 1 ? "gift" : "gifts"} in batch "${name}"`,
        by: chargedBy(actor),
        ...(estimated && {
          importCharges: { dutiesMinor: arrival.dutiesMinor, taxesMinor: arrival.taxesMinor, quoteId: null },
        }),
      };
      // A batch an owner must approve first is charged gift by gift as they are approved.
      const controls = livemode ? await readSpendControls(tx, team.id, charge.by) : null;
      const reason = controls ? await holdForApproval(tx, { ...charge, size }, controls) : null;
      const pending = reason !== null;
      const stage = pending ? "pending_approval" : INITIAL_STAGE;
      const chargeId = controls && !pending ? (await chargeTeam(tx, charge, controls)).id : null;

      const subject = defaultSubject(actor.user, team);
      for (const { group: g, gifts } of groups) {
        const { collection, design, logo } = refs.get(referenceKey(g))!;
        const spec = { collection: String(collection!.id), designId: design?.id, logoId: logo!.id };
        const result = await insertGifts(tx, {
          shared: {
            teamId: team.id,
            senderId: actor.user.id,
            livemode,
            message: g.message,
            subject: g.subject ?? subject,
            from: "",
            stage,
            at: now,
            chargeId,
            batch,
          },
          gifts,
          refs: spec,
          priceMinor: collection!.currency === currency ? undefined : prices.get(referenceKey(g)),
          recordMessage: false,
        });
        // Resolved a moment ago in this transaction: only a concurrent delete can get here.
        if (!result.inserted) throw new ValidationError(referenceProblems(result, spec));
      }
      // The owners are told once for the whole batch.
      if (reason !== null) await queueApprovalEmails(tx, { actor, giftIds, batch, totalCents, reason, now });
      // The message history (newest first by time, then id): the most used message inserted last.
      await queryRows(
        tx,
        Prisma.sql`
      INSERT INTO "GiftMessage" ("teamId", "userId", "message", "messageHash", "createdAt")
      SELECT ${team.id}, ${actor.user.id}, m."message", m."hash", ${now}::timestamp
      FROM ROWS FROM (json_to_recordset(${JSON.stringify(messages.map((message) => ({ message, hash: sha256(message) })))}::json)
                      AS ("message" text, "hash" text)) WITH ORDINALITY AS m("message", "hash", "n")
      ORDER BY m."n"
      ON CONFLICT ("teamId", "userId", "messageHash") DO UPDATE SET "createdAt" = EXCLUDED."createdAt"`,
      );
      return {
        ...batch,
        giftIds,
        totalCents,
        chargeCents: pending ? 0 : chargeCents,
        chargeId,
        pendingApproval: pending,
      };
    }),
  );
}
