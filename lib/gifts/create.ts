import type { PrismaClient } from "@/lib/db";
import { queryRows, sqlTransaction, type Queryable } from "@/lib/database/sql";
import { allowLongTransaction } from "@/lib/database/transaction-budget";
import {
  approvalReason,
  chargedBy,
  chargeInsertSql,
  checkCharge,
  holdForApproval,
  spendControlsFromRow,
  spendControlsNeedLock,
  spendControlsSql,
  spendControlsUnchangedSql,
  type ChargedBy,
  type SpendControls,
  type SpendControlsRow,
} from "@/lib/billing";
import { Prisma } from "@/lib/generated/prisma/client";
import { sha256 } from "@/lib/crypto";
import { HttpError, ValidationError, type FieldProblem } from "@/lib/errors";
import { formatMoney, UNIT_RATE } from "@/lib/money";
import { PRICED_DELIVERED } from "@/lib/duties";
import { reserveIdempotencyKey, type IdempotencyReservation } from "@/lib/idempotency";
import type { TeamActor } from "@/lib/actor";
import { requireSender } from "@/lib/teams";
import { addressHash, suppressedAmong, suppressionScope } from "@/lib/outbox/suppressions";
import { queueApprovalEmails } from "./approval-email";
import { newBatchId, newGiftId } from "./ids";
import { insertGifts, type OwnGiftValues, type SharedGiftValues } from "./insert-gifts";
import { utcOrNull } from "./json-dates";
import { giftPrice, priceQuote } from "./price";
import { chargeConversion, claimQuote, convertAtCurrentRate, teamCurrency, type Conversion } from "./conversion";
import { deliverabilityProblems } from "./deliverable";
import { countriesOf, landedCost, landedFromQuote, type LandedCost } from "./landed-cost";
import {
  referenceProblems,
  referencesFromRows,
  referencesSql,
  resolveReferences,
  type ReferenceRows,
  type References,
  type ReferenceSpec,
} from "./resolve-references";
import type { GiftDraft, RecipientDraft } from "./schema";
import { INITIAL_STAGE, type Stage } from "./stages";
import { defaultSubject, recipientSubject } from "./subject";
import { untieToken } from "@/lib/untie";
import type { GiftView } from "./view";

export type CreateGiftsInput = {
  /** Who sends, on which team (a viewer is refused). */
  actor: TeamActor;
  draft: GiftDraft;
  /** Problems the parser already found; reported together with the ones found here. */
  problems: FieldProblem[];
  now: Date;
  idempotency?: IdempotencyReservation;
  /**
   * The total the caller was quoted and showed its user (an agent's `quoted_total`, in cents):
   * compared with the price read inside the charging transaction, the one that is charged.
   */
  quotedTotalCents?: number;
};

/** Why a create's transaction may outlive the budget: its gifts (up to 10,000) and their one charge commit together. */
const ALL_OR_NOTHING = "a create is all or nothing: its gifts and their one charge commit together";
/** A gift as just created, with its untie token (the response shows its URL: no second HMAC). */
export type CreatedGift = GiftView & { untieToken: string };

/** A new gift's own values (a fresh id, the hash of its untie token) and the token. */
function newGift(
  id: string,
  r: RecipientDraft,
  subject: string | undefined,
): { own: OwnGiftValues; untieToken: string } {
  const token = untieToken(id);
  return {
    untieToken: token,
    own: {
      id,
      recipientName: r.name ?? "",
      deliveryMethod: r.deliveryMethod,
      email: r.email,
      ccEmail: r.ccEmail,
      subject,
      from: r.from,
      scheduledAt: r.scheduledAt,
      expiresOn: r.expiresOn,
      locale: r.locale,
      recipientCountry: r.recipientCountry,
      reminders: r.reminders,
      timeZone: r.timeZone,
      untieTokenHash: sha256(token),
    },
  };
}

/** Why an address is refused: the API's field error and the CSV upload's row problem say the same. */
export const suppressedMessage = (email: string) =>
  `Email ${email} is on the team's suppression list (it bounced, or its owner marked Ribbon's email as spam): send a link gift instead, or an owner may remove it from the list`;

/** The recipients a create emails (a link gift emails no one). */
const emailedOf = (recipients: RecipientDraft[]) => recipients.filter((r) => r.deliveryMethod === "email" && r.email);

/**
 * A live create's one read before it charges: the references the gift names, with the team's
 * spend controls and the credential's caps (lib/billing/controls.ts). `lockCollection`: the
 * collection's row is held (FOR SHARE) until the transaction ends so the price compared, charged
 * and written is one; without it (no transaction) the write checks the price it was given.
 */
async function resolveForCharge(
  tx: Queryable,
  teamId: string,
  spec: ReferenceSpec,
  by: { via: string; credentialId: number | null },
  lockCollection: boolean,
): Promise<{ refs: References; controls: SpendControls; row: SpendControlsRow; currency: string }> {
  const [row] = await queryRows<ReferenceRows & SpendControlsRow & { teamCurrency: string }>(
    tx,
    Prisma.sql`SELECT r.*, s.*, (SELECT "currency" FROM "Team" WHERE "id" = ${teamId}) AS "teamCurrency"
      FROM (${referencesSql(teamId, spec, { lockCollection })}) r, (${spendControlsSql(teamId, by)}) s`,
  );
  return { refs: referencesFromRows(row), controls: spendControlsFromRow(row), row, currency: row.teamCurrency };
}

/** The references a charging create found, or every problem with them (ValidationError). */
function foundReferences(refs: References, spec: ReferenceSpec) {
  const problems = referenceProblems(refs, spec);
  const { collection, design, logo } = refs;
  if (problems.length > 0 || !collection || !logo) throw new ValidationError(problems);
  const resolved: ReferenceSpec = { collection: String(collection.id), designId: design?.id, logoId: logo.id };
  return { collection, resolved };
}

/**
 * What a live create of `size` gifts from `collection` charges, and to whom: in the collection's
 * currency, or, with a conversion (the team's currency is another), exactly its total, the
 * parts and the rate kept on the charge.
 */
function chargeFor(
  teamId: string,
  size: number,
  collection: { id: number; name: string; priceCents: number },
  by: ChargedBy,
  conversion: Conversion | null = null,
  landed: LandedCost | null = null,
) {
  const goodsCents = conversion
    ? conversion.totalMinor
    : priceQuote({ livemode: true, gifts: size, collection }).chargeCents;
  const perGiftCents = conversion ? conversion.perGiftMinor : giftPrice(collection).totalCents;
  const arriving = landed?.lines ?? [];
  return {
    teamId,
    amountCents: goodsCents + (landed ? landed.dutiesMinor + landed.taxesMinor : 0),
    largestGiftCents: perGiftCents + Math.max(0, ...arriving.map((l) => l.dutiesMinor + l.taxesMinor)),
    collectionIds: [collection.id],
    description: `${size} ${size === 1 ? "gift" : "gifts"} from ${collection.name}`,
    by,
    // One currency's identity "conversion" (a quote holding only import charges) is no conversion.
    conversion:
      conversion && conversion.sourceCurrency !== conversion.currency ? chargeConversion(conversion) : undefined,
    importCharges: landed?.estimated
      ? { dutiesMinor: landed.dutiesMinor, taxesMinor: landed.taxesMinor, quoteId: conversion?.quote?.id ?? null }
      : undefined,
  };
}

/** One gift's price with what it pays on arrival (the `i`th recipient's share of `landed`). */
const giftTotal = (goodsMinor: number, landed: LandedCost | null, i: number) =>
  goodsMinor + (landed ? landed.perRecipient[i].dutiesMinor + landed.perRecipient[i].taxesMinor : 0);

/** A create's import charges at the current rates (its price's own rate into the team's currency), or its refusal. */
async function estimatedLanded(
  tx: Queryable,
  recipients: RecipientDraft[],
  collection: { priceCents: number; currency: string },
  currency: string,
  conversion: Conversion | null,
): Promise<LandedCost | null> {
  const { landed, problems } = await landedCost(tx, {
    recipients,
    valueMinor: giftPrice(collection).totalCents,
    sourceCurrency: collection.currency,
    currency,
    rate: conversion?.rate.rate ?? UNIT_RATE,
  });
  if (problems.length > 0) throw new ValidationError(problems);
  return landed;
}

/** The suppressed ones among `emailed` (by address), refused together; nothing when none. */
function refuse(emailed: RecipientDraft[], suppressed: Set<string>) {
  if (suppressed.size === 0) return;
  throw new ValidationError(
    emailed
      .filter((r) => suppressed.has(r.email!))
      .map((r) => ({
        detail: suppressedMessage(r.email!),
        pointer: `${r.pointer}/email`,
        code: "suppressed",
      })),
  );
}

/**
 * A dry run's suppression check (lib/gifts/quote.ts): the recipients the insert would refuse,
 * refused with the same errors, read from the same list (the actor's suppression scope).
 */
export async function refuseSuppressedRecipients(db: Queryable, actor: TeamActor, recipients: RecipientDraft[]) {
  const emailed = emailedOf(recipients);
  refuse(
    emailed,
    await suppressedAmong(
      db,
      suppressionScope(actor),
      emailed.map((r) => r.email!),
    ),
  );
}

/** The price is no longer what the caller quoted: 409 `quote_mismatch`, nothing sent or charged. */
export function quoteMismatch(quotedCents: number, totalCents: number, currency?: string) {
  return new HttpError(
    409,
    "Conflict",
    `The total is now ${formatMoney(totalCents, currency)}, not the ${formatMoney(quotedCents, currency)} you quoted. Nothing was sent or charged: show the user the new total and send again with it.`,
    { quoted: formatMoney(quotedCents, currency), total: formatMoney(totalCents, currency), pointer: "/quoted_total" },
    "quote_mismatch",
  );
}

/**
 * Creates one gift per recipient of the draft, all or nothing: charge (live only) → gifts →
 * their first events → the sender's message history. A recipient the team's suppression list
 * holds (a hard bounce, a spam complaint, an owner's entry: lib/outbox/suppressions.ts) is
 * refused at its `email`, code `suppressed`, every one of them, nothing created or charged: the
 * gifts' insert checks the list. A sandbox create without an Idempotency-Key is one statement
 * (references resolved and gifts written together). A live create reads the references and the
 * spend controls in one statement, then writes its charge and the gifts in another: without a
 * transaction in the common case (see `withoutTransaction` below), else in one short transaction. With `quotedTotalCents`, the total is compared in that
 * transaction with the collection's price as read there, the same read the charge is made
 * from: what is charged is what was quoted, or nothing (409 `quote_mismatch`). Throws
 * ValidationError with every problem, or BillingError when the card declines.
 */
export async function createGifts(db: PrismaClient, input: CreateGiftsInput): Promise<CreatedGift[]> {
  const { actor, draft, now } = input;
  const { team } = actor;
  requireSender(actor.role, team.id);
  const spec: ReferenceSpec = { collection: draft.collection, designId: draft.designId, logoId: draft.logoId };
  // A recipient_country the collection can't reach (one statement, only when a recipient names one).
  const undeliverable = await deliverabilityProblems(db, team.id, draft.collection, draft.recipients);
  if (input.problems.length > 0 || draft.message === undefined) {
    // Report the references' problems together with the parser's.
    const problems = [
      ...input.problems,
      ...referenceProblems(await resolveReferences(db, team.id, spec), spec),
      ...undeliverable,
    ];
    throw new ValidationError(problems);
  }
  if (undeliverable.length > 0) throw new ValidationError(undeliverable);
  const livemode = actor.mode === "live";
  const quoted = input.quotedTotalCents;
  const quoteId = draft.quoteId;
  // A recipient in a country whose import charges are estimated: priced in the transaction below.
  const landedCostNeeded = draft.recipients.some(
    (r) => r.recipientCountry && !PRICED_DELIVERED.has(r.recipientCountry),
  );
  // A sandbox create without a key or a quote is one statement.
  const oneStatement =
    !livemode && !input.idempotency && quoted === undefined && quoteId === undefined && !landedCostNeeded;

  const shared: SharedGiftValues = {
    teamId: team.id,
    senderId: actor.user.id,
    livemode,
    message: draft.message,
    subject: draft.subject ?? defaultSubject(actor.user, team),
    from: draft.from ?? "",
    stage: INITIAL_STAGE,
    at: now,
    chargeId: null,
    batch:
      draft.batchName === undefined
        ? null
        : {
            id: newBatchId(),
            name: draft.batchName || `Bulk send of ${draft.recipients.length} gifts`,
            size: draft.recipients.length,
          },
  };
  const subjectOf = recipientSubject(actor.user, team, draft.subject);
  // One creation time for all: lists order them by id after it (newest first: descending), so
  // random ids handed out largest first list a bulk request in its recipients' order.
  const ids = draft.recipients.map(() => newGiftId()).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const gifts = draft.recipients.map((r, i) => newGift(ids[i], r, subjectOf(r)));

  // The insert refuses emailed recipients on the suppression list (nothing written, no charge).
  const emailed = emailedOf(draft.recipients);
  // null: the guard did not hold, nothing written.
  const write = async (
    tx: Queryable,
    refs: ReferenceSpec,
    charge: Prisma.Sql | null,
    stage: Stage = INITIAL_STAGE,
    guard?: Prisma.Sql,
    conversion: Conversion | null = null,
    landed: LandedCost | null = null,
  ) => {
    const result = await insertGifts(tx, {
      shared: { ...shared, stage },
      gifts: gifts.map((g, i) => (landed?.estimated && livemode ? { ...g.own, ...landed.perRecipient[i] } : g.own)),
      refs,
      refuseSuppressed: emailed.map((r) => addressHash(r.email!)),
      charge: charge ?? undefined,
      guard,
      priceMinor: conversion?.perGiftMinor,
    });
    if (!result.fresh) return null;
    if (result.suppressed.length > 0) {
      const hashes = new Set(result.suppressed);
      refuse(emailed, new Set(emailed.map((r) => r.email!).filter((email) => hashes.has(addressHash(email)))));
    }
    if (!result.inserted) throw new ValidationError(referenceProblems(result, refs));
    return { ...result, stage, conversion, landed };
  };
  const insert = async (
    tx: Queryable,
    refs: ReferenceSpec,
    charge: Prisma.Sql | null,
    stage?: Stage,
    conversion: Conversion | null = null,
    landed: LandedCost | null = null,
  ) => {
    const done = await write(tx, refs, charge, stage, undefined, conversion, landed);
    if (!done) throw new Error("insertGifts: not fresh without a guard");
    return done;
  };
  // A live create without a key or a quote, for a team without a budget or limit and a credential
  // without caps, needing no owner's approval (the common case): its read and then one statement
  // that writes the charge and the gifts only if the collection's price and the spend controls
  // still read as they did, with no transaction around them (two round trips, not four). Any
  // other case, or a read gone stale by the write, takes the transaction below. null: not done.
  const withoutTransaction = async () => {
    const by = chargedBy(actor);
    const read = await resolveForCharge(db, team.id, spec, by, false);
    const { collection, resolved } = foundReferences(read.refs, spec);
    // Another currency than the collection's is converted in the transaction below.
    if (read.currency !== collection.currency) return null;
    if (spendControlsNeedLock(read.controls)) return null;
    const charge = chargeFor(team.id, gifts.length, collection, by);
    if (approvalReason(read.controls, { ...charge, size: gifts.length }) !== null) return null;
    const card = await checkCharge(db, charge, read.controls); // no statement: no budget, no caps
    const guard = Prisma.sql`("refs"."collection"->>'priceCents')::int = ${collection.priceCents}::int
      AND ("refs"."collection"->>'currency') = (SELECT "currency" FROM "Team" WHERE "id" = ${team.id})
      AND ${spendControlsUnchangedSql(team.id, by, read.row)}`;
    return write(db, resolved, chargeInsertSql(charge, card), INITIAL_STAGE, guard);
  };
  const created = oneStatement
    ? await insert(db, spec, null)
    : ((livemode && !input.idempotency && quoted === undefined && quoteId === undefined && !landedCostNeeded
        ? await withoutTransaction()
        : null) ??
      (await allowLongTransaction(ALL_OR_NOTHING, () =>
        sqlTransaction(db, async (tx) => {
          // The key goes first: a concurrent request with the same key waits here, then fails.
          if (input.idempotency)
            await reserveIdempotencyKey(
              tx,
              input.idempotency,
              gifts.map((g) => g.own.id),
            );
          if (!livemode && quoted === undefined && quoteId === undefined && !landedCostNeeded)
            return insert(tx, spec, null);
          // The charge (and a quoted total's check) needs the collection's price before the gifts are written.
          // The price compared, charged and written on the gifts is one: the row is held until commit.
          const by = chargedBy(actor);
          const { refs, controls, currency } = livemode
            ? await resolveForCharge(tx, team.id, spec, by, true)
            : {
                refs: await resolveReferences(tx, team.id, spec, { lockCollection: true }),
                controls: null,
                currency: await teamCurrency(tx, team.id),
              };
          const { collection, resolved } = foundReferences(refs, spec);
          // Another currency than the collection's: the quote named (used up here, once), or the current rate.
          const claimed =
            quoteId !== undefined
              ? await claimQuote(tx, {
                  quoteId,
                  teamId: team.id,
                  livemode,
                  collectionId: collection.id,
                  gifts: gifts.length,
                  currency,
                  countries: countriesOf(draft.recipients),
                  now,
                })
              : null;
          const conversion = claimed ?? (await convertAtCurrentRate(tx, { currency, gifts: gifts.length, collection }));
          // What the gifts pay on arrival: as the quote held it, or estimated now.
          const landed = claimed?.landed
            ? landedFromQuote(draft.recipients, claimed.landed)
            : claimed
              ? null
              : await estimatedLanded(tx, draft.recipients, collection, currency, conversion);
          const price = priceQuote({ livemode, gifts: gifts.length, collection });
          const totalCents =
            (conversion ? conversion.totalMinor : price.totalCents) +
            (landed ? landed.dutiesMinor + landed.taxesMinor : 0);
          if (quoted !== undefined && totalCents !== quoted) throw quoteMismatch(quoted, totalCents, currency);
          if (!controls) return insert(tx, resolved, null, undefined, conversion, landed);
          const charge = chargeFor(team.id, gifts.length, collection, by, conversion, landed);
          // Gifts an owner must approve first are charged when approved (lib/gifts/approvals.ts);
          // the owners are emailed once for the whole create.
          const reason = await holdForApproval(tx, { ...charge, size: gifts.length }, controls);
          // The charge is written by the gifts' own statement, once its checks have passed.
          if (reason === null)
            return insert(
              tx,
              resolved,
              chargeInsertSql(charge, await checkCharge(tx, charge, controls)),
              undefined,
              conversion,
              landed,
            );
          const waiting = await insert(tx, resolved, null, "pending_approval", conversion, landed);
          await queueApprovalEmails(tx, {
            actor,
            giftIds: gifts.map((g) => g.own.id),
            batch: shared.batch,
            totalCents: charge.amountCents,
            reason,
            now,
          });
          return waiting;
        }),
      )));

  const {
    collection,
    design,
    logo,
    chargeId,
    stage,
    teamReminders,
    teamCurrency: currency,
    conversion,
    landed,
  } = created;
  if (!collection || !logo) throw new Error("insertGifts reported gifts written without their references");
  const sender = { id: actor.user.id, name: actor.user.name, email: actor.user.email };
  const event = { stage, action: null, message: null, createdAt: now };
  return gifts.map(({ own, untieToken }, i): CreatedGift => ({
    id: own.id,
    teamId: team.id,
    livemode,
    recipientName: own.recipientName,
    deliveryMethod: own.deliveryMethod,
    email: own.email,
    ccEmail: own.ccEmail,
    subject: own.subject ?? shared.subject,
    message: shared.message,
    from: own.from ?? shared.from,
    scheduledAt: own.scheduledAt,
    expiresOn: utcOrNull(own.expiresOn),
    locale: own.locale,
    recipientCountry: own.recipientCountry ?? null,
    stage,
    untieVersion: 0,
    lastEventAt: now,
    collectionId: collection.id,
    designId: design?.id ?? null,
    logoId: logo.id,
    priceCents: livemode ? giftTotal(conversion?.perGiftMinor ?? giftPrice(collection).totalCents, landed, i) : 0,
    currency,
    dutiesMinor: livemode && landed?.estimated ? landed.perRecipient[i].dutiesMinor : null,
    taxesMinor: livemode && landed?.estimated ? landed.perRecipient[i].taxesMinor : null,
    chargeId,
    thankYouNote: null,
    selectedProductId: null,
    variantId: null,
    redemptionEmail: null,
    address: null,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    deliveryIssue: null,
    createdAt: now,
    sentAt: null,
    reminders: own.reminders ?? teamReminders,
    timeZone: own.timeZone,
    remindersSent: 0,
    remindersStoppedAt: null,
    // As the insert writes it: the reminder sweep first looks when the email is due.
    nextReminderAt:
      own.deliveryMethod === "email" && (own.reminders ?? teamReminders).length > 0 ? own.scheduledAt : null,
    clockAt: null,
    donatedCents: null,
    swapCollectionId: null,
    donatedTo: null,
    selectedProduct: null,
    batch: shared.batch && { id: shared.batch.id, name: shared.batch.name },
    variant: null,
    sender,
    collection,
    logo,
    design,
    events: [event],
    untieToken,
  }));
}
