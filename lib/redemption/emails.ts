import type { Tx } from "@/lib/db";
import { queueEmail } from "@/lib/delivery";
import { emailLocale } from "@/lib/i18n";
import { addressLinesIn, destination } from "./address";
import type { Redeemed } from "./redeemed";

/**
 * The emails of a redemption, queued in the redemption's own transaction: a confirmation to
 * the recipient and, when they wrote one, the thank-you note to the sender. They exist exactly
 * when the redemption commits, and the `send-emails` job sends each once, retrying a refused
 * send (lib/delivery/queued-emails.ts). Sandbox gifts keep theirs in the outbox as suppressed.
 */
export async function queueRedemptionEmails(tx: Tx, r: Redeemed): Promise<void> {
  const common = { giftId: r.giftId, sandbox: !r.livemode };
  const locale = emailLocale(r.locale);
  await queueEmail(tx, {
    ...common,
    kind: "redemption",
    to: r.address.email,
    props: {
      recipientName: r.recipientName,
      from: r.from,
      productName: r.product.name,
      variantName: r.variant?.name ?? null,
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
