import type { Queryable } from "@/lib/database/sql";
import type { FieldProblem } from "@/lib/errors";
import { UNIT_RATE } from "@/lib/money";
import { currentRate } from "@/lib/rates";
import { deliverabilityProblems } from "./deliverable";
import { landedCost } from "./landed-cost";
import { giftPrice } from "./price";
import type { RecipientDraft } from "./schema";

/** A batch's recipients of one collection (however many groups, designs or messages they came in). */
export type CollectionRecipients = {
  collection: { id: number; priceCents: number; currency: string };
  recipients: RecipientDraft[];
};

/** What the recipients naming a country pay on arrival, and what can't reach them or be estimated. */
export type BatchArrival = {
  /** Each estimated recipient's duties and taxes in the team's currency (absent: none named, or priced delivered with nothing estimated). */
  charges: Map<RecipientDraft, { dutiesMinor: number; taxesMinor: number }>;
  dutiesMinor: number;
  taxesMinor: number;
  /** A recipient's `not_deliverable` or `landed_cost_unavailable`, at its `recipient_country`. */
  problems: { recipient: RecipientDraft; problem: FieldProblem }[];
};

/**
 * The landed cost of a batch (a CSV upload and its confirm, lib/gifts/create-batch.ts), collection
 * by collection, by the rules a single create uses: a country nothing in the collection reaches is
 * `not_deliverable` (lib/gifts/deliverable.ts), one Ribbon can't estimate `landed_cost_unavailable`
 * (lib/gifts/landed-cost.ts), and each estimate is in the team's `currency` at the collection's
 * current rate. One statement per collection whose recipients name a country, and the rates.
 */
export async function batchArrival(
  db: Queryable,
  input: { teamId: string; currency: string; collections: CollectionRecipients[] },
): Promise<BatchArrival> {
  const arrival: BatchArrival = { charges: new Map(), dutiesMinor: 0, taxesMinor: 0, problems: [] };
  for (const { collection, recipients } of input.collections) {
    const named = recipients.filter((r) => r.recipientCountry);
    if (named.length === 0) continue;
    // Pointers of their own, so each problem finds its recipient (a file's rows all say "/gift").
    const indexed = named.map((r, i) => ({ ...r, pointer: `/${i}` }));
    const unreached = await deliverabilityProblems(db, input.teamId, String(collection.id), indexed);
    const rate =
      unreached.length > 0 || collection.currency === input.currency
        ? UNIT_RATE
        : (await currentRate(db, collection.currency, input.currency)).rate;
    const { landed, problems } =
      unreached.length > 0
        ? { landed: null, problems: unreached }
        : await landedCost(db, {
            recipients: indexed,
            valueMinor: giftPrice(collection).totalCents,
            sourceCurrency: collection.currency,
            currency: input.currency,
            rate,
          });
    for (const problem of problems) {
      const i = Number(problem.pointer?.split("/")[1]);
      arrival.problems.push({
        recipient: named[i],
        problem: { ...problem, pointer: `${named[i].pointer}/recipient_country` },
      });
    }
    if (!landed?.estimated) continue;
    named.forEach((r, i) => arrival.charges.set(r, landed.perRecipient[i]));
    arrival.dutiesMinor += landed.dutiesMinor;
    arrival.taxesMinor += landed.taxesMinor;
  }
  return arrival;
}
