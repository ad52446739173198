import "server-only";
import { createElement } from "react";
import { render, toPlainText } from "@react-email/render";
import type { PrismaClient } from "@/lib/db";
import { sendEmail } from "@/lib/delivery";
import { untieUrl } from "@/lib/gifts/untie";
import RedemptionEmail from "@/emails/RedemptionEmail";
import ThankYouEmail from "@/emails/ThankYouEmail";
import { addressLines, destination } from "./address";
import type { Redeemed } from "./redeemed";

async function rendered(element: React.ReactElement) {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}

/**
 * The emails of a redemption: a confirmation to the recipient and, when they wrote one,
 * the thank-you note to the sender. Called once, by the call that won the redemption;
 * sandbox gifts keep their emails in the outbox as suppressed. A transport failure is
 * logged, not thrown: the redemption itself is done and must not look failed.
 */
export async function sendRedemptionEmails(db: PrismaClient, r: Redeemed): Promise<void> {
  const product = r.variant ? `${r.product.name} (${r.variant.name})` : r.product.name;
  const common = { giftId: r.giftId, suppress: !r.livemode };
  try {
    const confirmation = await rendered(
      createElement(RedemptionEmail, {
        recipientName: r.recipientName,
        from: r.from,
        productName: r.product.name,
        variantName: r.variant?.name ?? null,
        addressLines: addressLines(r.address),
        untieUrl: untieUrl(r.giftId),
      }),
    );
    await sendEmail(db, { kind: "redemption", to: r.address.email, subject: `Your gift from ${r.from}: ${product}`, ...confirmation }, {
      ...common,
      idempotencyKey: `redemption-${r.giftId}`,
    });
    if (r.thankYouNote) {
      const note = await rendered(
        createElement(ThankYouEmail, { recipientName: r.recipientName, note: r.thankYouNote, productName: product, destination: destination(r.address) }),
      );
      await sendEmail(db, { kind: "thank-you", to: r.senderEmail, subject: `${r.recipientName} sent you a thank-you note`, ...note }, {
        ...common,
        idempotencyKey: `thank-you-${r.giftId}`,
      });
    }
  } catch (error) {
    console.error(`Ribbon: the redemption emails of gift ${r.giftId} were not sent:`, error);
  }
}
