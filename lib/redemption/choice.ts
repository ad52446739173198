import type { Tx } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { utcDay } from "@/lib/delivery";
import { HttpError } from "@/lib/errors";
import { moveGift, type MoveOptions, type Stage } from "@/lib/gifts/stages";
import { ENGLISH_WORDS, type RedemptionWords } from "./schema";

/** A gift that can't be redeemed, declined or donated (any more): HTTP 409, with a message for the recipient. */
export class RedemptionRefused extends HttpError {
  constructor(message: string) {
    super(409, "Conflict", message, undefined, "not_redeemable");
  }
}

/** Why a gift in `stage` can't be chosen (redeemed, declined, donated), in words for the recipient; null when it can. */
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
    case "declined":
      return t("refusal.declined");
    case "donated":
      return t("refusal.donated");
    default:
      return null;
  }
}

/**
 * The gift behind an untie secret (the caller checked its shape), still open to the recipient's
 * choice at `now`: else 404 (unknown) or RedemptionRefused (why not, in the recipient's words).
 */
export async function giftOpenToChoice(tx: Tx, secret: string, words: RedemptionWords, now: Date) {
  const gift = await tx.gift.findUnique({
    where: { untieTokenHash: sha256(secret) },
    select: {
      id: true,
      teamId: true,
      stage: true,
      deliveryMethod: true,
      livemode: true,
      expiresOn: true,
      from: true,
      recipientName: true,
      email: true,
      locale: true,
      collectionId: true,
      chargeId: true,
      priceCents: true,
      sender: { select: { email: true, emailOnGiftOutcome: true } },
    },
  });
  if (!gift) throw new HttpError(404, "NotFound", words.t("refusal.notFound"));
  const refused =
    refusal(gift.stage, gift.from, words) ??
    (gift.expiresOn && gift.expiresOn < utcDay(now) ? refusal("expired", gift.from, words) : null);
  if (refused) throw new RedemptionRefused(refused);
  return gift;
}

/**
 * The recipient's move of the gift to `to` (redeemed, declined…): one conditional update, so of
 * two tabs (or a choice racing a cancel) exactly one wins; the loser is refused with the reason.
 * A link gift, or a sent email, whose page never recorded `opened` (no JavaScript) opens first.
 */
export async function moveByRecipient(
  tx: Tx,
  gift: { id: string; stage: string; deliveryMethod: string; from: string },
  to: Stage,
  options: MoveOptions & { at: Date },
  words: RedemptionWords,
): Promise<void> {
  const unopened = gift.stage === "sent" || (gift.stage === "scheduled" && gift.deliveryMethod === "link");
  if (unopened) await moveGift(tx, gift.id, "opened", { at: options.at });
  if (await moveGift(tx, gift.id, to, options)) return;
  const current = await tx.gift.findUniqueOrThrow({ where: { id: gift.id }, select: { stage: true } });
  throw new RedemptionRefused(refusal(current.stage, gift.from, words) ?? words.t("refusal.other"));
}
