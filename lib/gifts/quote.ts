import type { PrismaClient } from "@/lib/db";
import { approvalReason, approvalThresholds, assertCardOnFile, chargedBy, quoteBudget, quoteCaps } from "@/lib/billing";
import { ValidationError, type FieldProblem } from "@/lib/errors";
import type { TeamActor } from "@/lib/actor";
import { requireSender } from "@/lib/teams";
import { refuseSuppressedRecipients } from "./create";
import { convertAtCurrentRate, identityConversion, teamCurrency, writeQuote } from "./conversion";
import { landedCost } from "./landed-cost";
import { giftPrice, priceQuote, type PriceQuote } from "./price";
import { UNIT_RATE } from "@/lib/money";
import { referenceProblems, resolveReferences } from "./resolve-references";
import { deliverabilityProblems } from "./deliverable";
import type { GiftDraft } from "./schema";

export type QuoteGiftsInput = { actor: TeamActor; draft: GiftDraft; problems: FieldProblem[] };

/**
 * A create's dry run: the same checks as createGifts, in the same order and with the same
 * errors (every field problem at once, then a live team without a card, then the team's spend
 * controls, from committed spend, then the recipients on the suppression list), the budget it
 * would use, and the price the real call would charge. Each check is the function the real
 * create refuses with (referenceProblems, assertCardOnFile, the budget's and caps' `check`,
 * refuseSuppressedRecipients); app/api/v1/__tests__/dry-run.test.ts posts every refusal of the
 * real create, single and bulk, as a dry run too. Nothing is written, charged or sent. Whether a card declines is
 * known only when it is charged.
 */
export async function quoteGifts(db: PrismaClient, input: QuoteGiftsInput): Promise<PriceQuote> {
  const { actor, draft } = input;
  const { team } = actor;
  requireSender(actor.role, team.id);
  const spec = { collection: draft.collection, designId: draft.designId, logoId: draft.logoId };
  const refs = await resolveReferences(db, team.id, spec);
  const problems = [
    ...input.problems,
    ...referenceProblems(refs, spec),
    ...(await deliverabilityProblems(db, team.id, draft.collection, draft.recipients)),
  ];
  if (problems.length > 0 || draft.message === undefined || !refs.collection || !refs.logo)
    throw new ValidationError(problems);
  const livemode = actor.mode === "live";
  const gifts = draft.recipients.length;
  const collection = refs.collection;
  const inCollectionCurrency = priceQuote({ livemode, gifts, collection });
  const currency = await teamCurrency(db, team.id);
  // The team's currency is not the collection's: priced at the current rate.
  const converted = await convertAtCurrentRate(db, { currency, gifts, collection });
  // What the gifts pay on arrival in the countries their recipients name.
  const { landed, problems: landedProblems } = await landedCost(db, {
    recipients: draft.recipients,
    valueMinor: giftPrice(collection).totalCents,
    sourceCurrency: collection.currency,
    currency,
    rate: converted?.rate.rate ?? UNIT_RATE,
  });
  if (landedProblems.length > 0) throw new ValidationError(landedProblems);
  const goodsMinor = converted ? converted.totalMinor : inCollectionCurrency.totalCents;
  const totalCents = goodsMinor + (landed ? landed.dutiesMinor + landed.taxesMinor : 0);
  const quote: PriceQuote = {
    ...inCollectionCurrency,
    totalCents,
    chargeCents: livemode ? totalCents : 0,
    conversion: converted,
    landed,
  };
  // A converted or estimated total is held as a quote (lib/gifts/conversion.ts) once every check
  // below has passed: a create naming it is charged exactly this.
  const held = async (priced: PriceQuote): Promise<PriceQuote> => {
    if (!converted && !landed?.estimated) return priced;
    const written = await writeQuote(db, {
      teamId: team.id,
      livemode,
      collectionId: collection.id,
      gifts,
      conversion: converted ?? identityConversion(collection, gifts),
      landed,
      now: new Date(),
    });
    return { ...priced, held: written, conversion: converted && { ...converted, quote: written } };
  };
  if (!livemode) {
    await refuseSuppressedRecipients(db, actor, draft.recipients);
    return held({ ...quote, budget: null, caps: null, approval: null });
  }
  await assertCardOnFile(db, team.id);
  const largestGiftCents =
    (converted ? converted.perGiftMinor : quote.perGift.totalCents) +
    Math.max(0, ...(landed?.lines ?? []).map((l) => l.dutiesMinor + l.taxesMinor));
  const spend = { amountCents: quote.chargeCents, largestGiftCents };
  const budget = await quoteBudget(db, { teamId: team.id, ...spend });
  const caps = await quoteCaps(db, { by: chargedBy(actor), collectionIds: [refs.collection.id], ...spend });
  // Last, as the real create's insert refuses them after its charge's checks.
  await refuseSuppressedRecipients(db, actor, draft.recipients);
  const approval = approvalReason(await approvalThresholds(db, team.id), {
    largestGiftCents,
    size: draft.recipients.length,
  });
  return held({ ...quote, budget, caps, approval });
}
