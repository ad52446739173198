import "server-only";
import type { PrismaClient } from "@/lib/db";
import { HttpError, ValidationError } from "@/lib/errors";
import { isUntieToken } from "@/lib/gifts/open-gift";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n";
import { displayMoney } from "@/lib/money";
import { giftOpenToChoice, moveByRecipient } from "./choice";
import { queueOutcomeEmails } from "./emails";
import { redemptionWords } from "./words";

export type DonateRequest = { secret: string; charity: unknown };

const SLUG = /^[a-z0-9-]{1,64}$/;

/**
 * The recipient gives the gift's value to one of the seeded charities (by slug). One transaction:
 * the conditional move to `donated` (of two tabs, or a donation racing a redemption, a decline or a
 * cancel, exactly one wins), the charity and the value (the gift's price) recorded on the gift, and
 * the emails to the sender and the recipient. Nothing is refunded: the value goes to the charity
 * (docs/api.md, Refunds); nothing is shipped.
 */
export async function donateGift(
  db: PrismaClient,
  request: DonateRequest,
  options: { now?: Date; locale?: Locale } = {},
): Promise<{ giftId: string; charity: string }> {
  const now = options.now ?? new Date();
  const words = redemptionWords(options.locale ?? DEFAULT_LOCALE);
  if (!isUntieToken(request.secret)) throw new HttpError(404, "NotFound", words.t("refusal.notFound"));
  const slug = request.charity;
  const unknownCharity = () => new ValidationError([{ pointer: "charity", detail: words.t("errors.charity") }]);
  if (typeof slug !== "string" || !SLUG.test(slug)) throw unknownCharity();

  return db.$transaction(async (tx) => {
    const gift = await giftOpenToChoice(tx, request.secret, words, now);
    const charity = await tx.charity.findUnique({ where: { slug }, select: { id: true, slug: true, name: true } });
    if (!charity) throw unknownCharity();
    await moveByRecipient(
      tx,
      gift,
      "donated",
      {
        at: now,
        message: `Donated to ${charity.name}`,
        data: { donatedToCharityId: charity.id, donatedCents: gift.priceCents },
      },
      words,
    );
    await queueOutcomeEmails(
      tx,
      gift,
      {
        outcome: "donated",
        charityName: charity.name,
        amount: displayMoney(gift.priceCents),
      },
      charity,
    );
    return { giftId: gift.id, charity: charity.slug };
  });
}
