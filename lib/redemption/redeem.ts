import "server-only";
import type { PrismaClient } from "@/lib/db";
import { HttpError, ValidationError } from "@/lib/errors";
import { isUntieToken } from "@/lib/gifts/open-gift";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n";
import { fieldErrors, redemptionSchemas } from "./schema";
import { redemptionWords } from "./words";
import { queueRedemptionEmails } from "./emails";
import { swapCollectionOf } from "@/lib/catalogue/swap";
import { catalogueIn } from "@/lib/catalogue/localized";
import { reaches } from "@/lib/catalogue/ships-to";
import { giftOpenToChoice, moveByRecipient, RedemptionRefused, refusal } from "./choice";
import type { Redeemed } from "./redeemed";

export type { Redeemed };
export { RedemptionRefused, refusal };

export type RedeemRequest = {
  secret: string;
  productId: unknown;
  variantId?: unknown;
  address: unknown;
  thankYouNote?: unknown;
};

/**
 * The recipient chooses a product (and a variant when it has some) from the gift's
 * collection, or swaps it for one of the team's swap collections priced at or below the gift
 * (lib/catalogue/swap.ts; the difference is not refunded), and gives a shipping address. One conditional update moves the gift to
 * `redeemed` (through `opened` for a link gift or a sent email whose page never recorded
 * it): of two concurrent calls, or a redeem racing a cancel, exactly one wins. The
 * winner, and only it, queues the confirmation and thank-you emails in its transaction.
 */
export async function redeemGift(
  db: PrismaClient,
  request: RedeemRequest,
  /** `locale`: the language of the recipient's messages (the untie page's); English by default. */
  options: { now?: Date; locale?: Locale } = {},
): Promise<Redeemed> {
  const now = options.now ?? new Date();
  const words = redemptionWords(options.locale ?? DEFAULT_LOCALE);
  const { t } = words;
  const parsed = redemptionSchemas(words).redemption.safeParse(request);
  if (!isUntieToken(request.secret)) throw new HttpError(404, "NotFound", t("refusal.notFound"));
  if (!parsed.success) {
    throw new ValidationError(
      Object.entries(fieldErrors(parsed.error)).map(([pointer, detail]) => ({ pointer, detail })),
    );
  }
  const { productId, variantId, address, thankYouNote } = parsed.data;

  const redeemed = await db.$transaction(async (tx) => {
    const gift = await giftOpenToChoice(tx, request.secret, words, now);

    // From the gift's own collection, or swapped: from a swap collection priced at or below the gift.
    const inCollection = (collectionId: number) =>
      tx.product.findFirst({
        where: { id: productId, collectionId },
        select: {
          id: true,
          slug: true,
          name: true,
          shipsTo: true,
          variants: { select: { id: true, name: true, size: true, color: true } },
        },
      });
    let product = await inCollection(gift.collectionId);
    const swap = product ? null : await swapCollectionOf(tx, gift, productId);
    if (swap) product = await inCollection(swap.id);
    if (!product) throw new ValidationError([{ pointer: "productId", detail: t("errors.unknownProduct") }]);
    // The refusals name the product as the recipient's page does: in their language.
    const named = catalogueIn(options.locale ?? DEFAULT_LOCALE).product(product).name;
    // The address's country decides: a product (and so each of its variants) that doesn't ship there is refused.
    if (!reaches(product, address.country))
      throw new ValidationError([
        {
          pointer: "productId",
          detail: t("errors.notDeliverable", { product: named, country: words.country(address.country) }),
        },
      ]);
    const variant = variantId === null ? null : (product.variants.find((v) => v.id === variantId) ?? undefined);
    if (variant === undefined)
      throw new ValidationError([{ pointer: "variantId", detail: t("errors.unknownOption", { product: named }) }]);
    if (variant === null && product.variants.length > 0)
      throw new ValidationError([{ pointer: "variantId", detail: t("errors.optionRequired", { product: named }) }]);

    await moveByRecipient(
      tx,
      gift,
      "redeemed",
      {
        at: now,
        message: `${swap ? `Swapped to ${swap.name}: chose` : "Chose"} ${product.name}${variant ? ` (${variant.name})` : ""}`,
        data: {
          swapCollectionId: swap?.id ?? null,
          selectedProductId: product.id,
          variantId: variant?.id ?? null,
          address,
          redemptionEmail: address.email,
          thankYouNote: thankYouNote || null,
        },
      },
      words,
    );
    const { id: giftId, livemode, recipientName, from, locale } = gift;
    const result: Redeemed = {
      giftId,
      livemode,
      recipientName,
      locale,
      from,
      senderEmail: gift.sender.email,
      product: { id: product.id, slug: product.slug, name: product.name },
      variant,
      address,
      thankYouNote: thankYouNote || null,
    };
    await queueRedemptionEmails(tx, result);
    return result;
  });
  return redeemed;
}
