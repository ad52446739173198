import type { PrismaClient, Tx } from "@/lib/db";
import { chargeTeam } from "@/lib/billing";
import { ValidationError, type FieldProblem } from "@/lib/errors";
import { reserveIdempotencyKey, type IdempotencyReservation } from "@/lib/idempotency";
import type { TeamRef } from "@/lib/teams";
import type { Caller } from "@/lib/tokens";
import { newGiftId } from "./ids";
import { insertGifts } from "./insert-gifts";
import { resolveReferences } from "./resolve-references";
import type { GiftDraft } from "./schema";
import { INITIAL_STAGE } from "./stages";
import { untieTokenHash } from "./untie";
import type { GiftView } from "./view";

export type CreateGiftsInput = {
  caller: Caller;
  team: TeamRef;
  draft: GiftDraft;
  /** Problems the parser already found; reported together with the ones found here. */
  problems: FieldProblem[];
  now: Date;
  idempotency?: IdempotencyReservation;
};

async function findReferences(db: PrismaClient, teamId: string, draft: GiftDraft, problems: FieldProblem[]) {
  const { collection, design, logo } = await resolveReferences(db, teamId, draft);
  if (draft.collection !== undefined && !collection) {
    problems.push({ detail: `Collection "${draft.collection}" was not found (see GET /collections)`, pointer: "/gift/collection", code: "not_found" });
  }
  if (draft.designId !== undefined && !design) {
    problems.push({ detail: `Design "${draft.designId}" was not found (see GET /designs)`, pointer: "/gift/design_id", code: "not_found" });
  }
  if (!logo) problems.push({ detail: `Logo ${draft.logoId} was not found (see GET /logos)`, pointer: "/gift/logo_id", code: "not_found" });
  return { collection, design, logo };
}

/**
 * Creates one gift per recipient of the draft, all or nothing, in one transaction:
 * charge (live only) → gifts → their first events → the sender's message history.
 * Throws ValidationError with every problem, or BillingError when the card declines.
 */
export async function createGifts(db: PrismaClient, input: CreateGiftsInput): Promise<GiftView[]> {
  const { caller, team, draft, now } = input;
  const problems = [...input.problems];
  const { collection, design, logo } = await findReferences(db, team.id, draft, problems);
  if (problems.length > 0 || !collection || !logo || draft.message === undefined) throw new ValidationError(problems);

  const livemode = caller.mode === "live";
  const defaultSubject = draft.subject ?? `${caller.user.name} Sent You A Gift!`;
  const rows = draft.recipients.map((r) => {
    const id = newGiftId();
    return {
      id,
      teamId: team.id,
      senderId: caller.user.id,
      livemode,
      recipientName: r.name ?? "",
      deliveryMethod: r.deliveryMethod,
      email: r.email,
      ccEmail: r.ccEmail,
      subject: r.subject ?? defaultSubject,
      message: draft.message ?? "",
      from: r.from ?? draft.from ?? "",
      scheduledAt: r.scheduledAt,
      expiresOn: r.expiresOn ? new Date(`${r.expiresOn}T00:00:00Z`) : null,
      stage: INITIAL_STAGE,
      lastEventAt: now,
      untieTokenHash: untieTokenHash(id),
      collectionId: collection.id,
      designId: design?.id ?? null,
      logoId: logo.id,
      priceCents: livemode ? collection.priceCents : 0,
      createdAt: now,
    };
  });

  const message = { teamId: team.id, userId: caller.user.id, text: draft.message ?? "" };
  const insert = (tx: Tx, chargeId: number | null) =>
    insertGifts(tx, rows.map((r) => ({ ...r, chargeId })), { stage: INITIAL_STAGE, at: now }, message);
  // A sandbox create without an Idempotency-Key is that one statement; otherwise one short transaction.
  const chargeId =
    !livemode && !input.idempotency
      ? await insert(db, null).then(() => null)
      : await db.$transaction(
          async (tx) => {
            // The key goes first: a concurrent request with the same key waits here, then fails.
            if (input.idempotency) await reserveIdempotencyKey(tx, input.idempotency, rows.map((r) => r.id));
            const charge = livemode
              ? await chargeTeam(tx, {
                  teamId: team.id,
                  amountCents: collection.priceCents * rows.length,
                  description: `${rows.length} ${rows.length === 1 ? "gift" : "gifts"} from ${collection.name}`,
                })
              : null;
            await insert(tx, charge?.id ?? null);
            return charge?.id ?? null;
          },
          { timeout: 120_000, maxWait: 30_000 },
        );

  const sender = { id: caller.user.id, name: caller.user.name, email: caller.user.email };
  const event = { stage: INITIAL_STAGE, message: null, createdAt: now };
  const redemption = { thankYouNote: null, selectedProductId: null, variantId: null, redemptionEmail: null, address: null, selectedProduct: null, variant: null, carrier: null, trackingNumber: null, trackingUrl: null };
  return rows.map((r) => ({ ...r, ...redemption, chargeId, sender, collection, design, logo, events: [event] }));
}
