import "server-only";
import type { PrismaClient } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { utcDay } from "@/lib/delivery";
import { HttpError, ValidationError } from "@/lib/errors";
import { moveGift } from "@/lib/gifts/stages";
import { isUntieToken } from "@/lib/gifts/open-gift";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n";
import { ENGLISH_WORDS, fieldErrors, redemptionSchemas, type RedemptionWords } from "./schema";
import { redemptionWords } from "./words";
import { queueRedemptionEmails } from "./emails";
import type { Redeemed } from "./redeemed";

export type { Redeemed };

export type RedeemRequest = {
  secret: string;
  productId: unknown;
  variantId?: unknown;
  address: unknown;
  thankYouNote?: unknown;
};

/** A gift that can't be redeemed (any more): HTTP 409, with a message for the recipient. */
export class RedemptionRefused extends HttpError {
  constructor(message: string) {
    super(409, "Conflict", message, undefined, "not_redeemable");
  }
}

/** Why a gift in `stage` can't be redeemed, in words for the recipient; null when it can. */
export function refusal(stage: string, sender: string, { t }: RedemptionWords = ENGLISH_WORDS): string | null {
  switch (stage) {
    case "cancelled":
    case "expired":
    case "failed":
      return t(`refusal.${stage}`, { from: sender });
    case "redeemed":
    case "shipped":
    case "delivered":
      return t("refusal.redeemed");
    default:
      return null;
  }
}

/**
 * The recipient chooses a product (and a variant when it has some) from the gift's
 * collection and gives a shipping address. One conditional update moves the gift to
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
    const gift = await tx.gift.findUnique({
      where: { untieTokenHash: sha256(request.secret) },
      select: {
        id: true,
        stage: true,
        deliveryMethod: true,
        livemode: true,
        expiresOn: true,
        from: true,
        recipientName: true,
        locale: true,
        collectionId: true,
        sender: { select: { email: true } },
      },
    });
    if (!gift) throw new HttpError(404, "NotFound", t("refusal.notFound"));
    const refused =
      refusal(gift.stage, gift.from, words) ??
      (gift.expiresOn && gift.expiresOn < utcDay(now) ? refusal("expired", gift.from, words) : null);
    if (refused) throw new RedemptionRefused(refused);

    const product = await tx.product.findFirst({
      where: { id: productId, collectionId: gift.collectionId },
      select: { id: true, name: true, variants: { select: { id: true, name: true } } },
    });
    if (!product) throw new ValidationError([{ pointer: "productId", detail: t("errors.unknownProduct") }]);
    const variant = variantId === null ? null : (product.variants.find((v) => v.id === variantId) ?? undefined);
    if (variant === undefined)
      throw new ValidationError([
        { pointer: "variantId", detail: t("errors.unknownOption", { product: product.name }) },
      ]);
    if (variant === null && product.variants.length > 0)
      throw new ValidationError([
        { pointer: "variantId", detail: t("errors.optionRequired", { product: product.name }) },
      ]);

    // A link gift, or a sent email, whose page never recorded `opened` (no JavaScript) opens now.
    const unopened = gift.stage === "sent" || (gift.stage === "scheduled" && gift.deliveryMethod === "link");
    if (unopened) await moveGift(tx, gift.id, "opened", { at: now });
    const moved = await moveGift(tx, gift.id, "redeemed", {
      at: now,
      message: `Chose ${product.name}${variant ? ` (${variant.name})` : ""}`,
      data: {
        selectedProductId: product.id,
        variantId: variant?.id ?? null,
        address,
        redemptionEmail: address.email,
        thankYouNote: thankYouNote || null,
      },
    });
    if (!moved) {
      const current = await tx.gift.findUniqueOrThrow({ where: { id: gift.id }, select: { stage: true } });
      throw new RedemptionRefused(refusal(current.stage, gift.from, words) ?? t("refusal.other"));
    }
    const { id: giftId, livemode, recipientName, from, locale } = gift;
    const result: Redeemed = {
      giftId,
      livemode,
      recipientName,
      locale,
      from,
      senderEmail: gift.sender.email,
      product: { id: product.id, name: product.name },
      variant,
      address,
      thankYouNote: thankYouNote || null,
    };
    await queueRedemptionEmails(tx, result);
    return result;
  });
  return redeemed;
}
