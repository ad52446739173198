import type { GiftOutcomeEmailProps } from "@/emails";
import type { Tx } from "@/lib/db";
import { queueEmail } from "@/lib/outbox";
import { emailLocale } from "@/lib/i18n";
import { catalogueIn } from "@/lib/catalogue/localized";
import { addressLinesIn, destination } from "./address";
import type { Redeemed } from "./redeemed";

/**
 * The emails of a redemption, queued in the redemption's own transaction: a confirmation to
 * the recipient and, when they wrote one, the thank-you note to the sender. They exist exactly
 * when the redemption commits, and the `send-emails` job sends each once, retrying a refused
 * send (lib/outbox/queued-emails.ts). Sandbox gifts keep theirs in the outbox as suppressed.
 */
export async function queueRedemptionEmails(tx: Tx, r: Redeemed): Promise<void> {
  const common = { giftId: r.giftId, sandbox: !r.livemode };
  const locale = emailLocale(r.locale);
  const words = catalogueIn(locale);
  await queueEmail(tx, {
    ...common,
    kind: "redemption",
    to: r.address.email,
    props: {
      recipientName: r.recipientName,
      from: r.from,
      // The recipient's email names what they chose in their language; the sender's thank-you in English.
      productName: words.product(r.product).name,
      variantName: r.variant ? words.variant(r.variant).name : null,
      addressLines: addressLinesIn(r.address, locale),
      locale,
    },
  });
  if (r.thankYouNote) {
    const productName = r.variant ? `${r.product.name} (${r.variant.name})` : r.product.name;
    await queueEmail(tx, {
      ...common,
      kind: "thank-you",
      to: r.senderEmail,
      props: { recipientName: r.recipientName, note: r.thankYouNote, productName, destination: destination(r.address) },
    });
  }
}

/** How a gift ended without a product, as the sender's email words it. */
export type Outcome = DistributiveOmit<GiftOutcomeEmailProps, "recipientName">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The emails of a decline or a donation, in its own transaction: to the sender (unless they
 * turned these off on the account page) and a confirmation to the recipient, in the gift's
 * language, when the gift has an email address.
 */
export async function queueOutcomeEmails(
  tx: Tx,
  gift: {
    id: string;
    livemode: boolean;
    recipientName: string;
    from: string;
    email: string | null;
    locale: string | null;
    sender: { email: string; emailOnGiftOutcome: boolean };
  },
  told: Outcome,
  /** The charity donated to, by slug: the recipient's confirmation names it in their language. */
  charity?: { slug: string; name: string },
): Promise<void> {
  const common = { giftId: gift.id, sandbox: !gift.livemode };
  if (gift.sender.emailOnGiftOutcome)
    await queueEmail(tx, {
      ...common,
      kind: "gift-outcome",
      to: gift.sender.email,
      props: { recipientName: gift.recipientName, ...told },
    });
  if (gift.email)
    await queueEmail(tx, {
      ...common,
      kind: "outcome-confirmation",
      to: gift.email,
      props: {
        recipientName: gift.recipientName,
        from: gift.from,
        outcome: told.outcome,
        ...(told.outcome === "donated" && {
          charityName: charity ? catalogueIn(emailLocale(gift.locale)).charity(charity).name : told.charityName,
        }),
        locale: emailLocale(gift.locale),
      },
    });
}
