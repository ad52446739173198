import type { PrismaClient } from "@/lib/db";
import { approvalReason, approvalThresholds, assertCardOnFile, chargedBy, quoteBudget, quoteCaps } from "@/lib/billing";
import { ValidationError, type FieldProblem } from "@/lib/errors";
import type { TeamActor } from "@/lib/actor";
import { requireSender } from "@/lib/teams";
import { priceQuote, type PriceQuote } from "./price";
import { referenceProblems, resolveReferences } from "./resolve-references";
import type { GiftDraft } from "./schema";

export type QuoteGiftsInput = { actor: TeamActor; draft: GiftDraft; problems: FieldProblem[] };

/**
 * A create's dry run: the same checks as createGifts, in the same order and with the same
 * errors (every field problem at once, then a live team without a card, then the team's spend
 * controls, from committed spend), the budget it would use, and the price the
 * real call would charge. Nothing is written, charged or sent. Whether a card declines is
 * known only when it is charged.
 */
export async function quoteGifts(db: PrismaClient, input: QuoteGiftsInput): Promise<PriceQuote> {
  const { actor, draft } = input;
  const { team } = actor;
  requireSender(actor.role, team.id);
  const spec = { collection: draft.collection, designId: draft.designId, logoId: draft.logoId };
  const refs = await resolveReferences(db, team.id, spec);
  const problems = [...input.problems, ...referenceProblems(refs, spec)];
  if (problems.length > 0 || draft.message === undefined || !refs.collection || !refs.logo)
    throw new ValidationError(problems);
  const livemode = actor.mode === "live";
  const quote = priceQuote({ livemode, gifts: draft.recipients.length, collection: refs.collection });
  if (!livemode) return { ...quote, budget: null, caps: null, approval: null };
  await assertCardOnFile(db, team.id);
  const spend = { amountCents: quote.chargeCents, largestGiftCents: quote.perGift.totalCents };
  const budget = await quoteBudget(db, { teamId: team.id, ...spend });
  const caps = await quoteCaps(db, { by: chargedBy(actor), collectionIds: [refs.collection.id], ...spend });
  const approval = approvalReason(await approvalThresholds(db, team.id), {
    largestGiftCents: quote.perGift.totalCents,
    size: draft.recipients.length,
  });
  return { ...quote, budget, caps, approval };
}
