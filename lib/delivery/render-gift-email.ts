import { createElement } from "react";
import { render, toPlainText } from "@react-email/render";
import { absoluteUrl } from "@/lib/urls";
import { untieUrl } from "@/lib/gifts/untie";
import GiftEmail, { type GiftEmailProps } from "@/emails/GiftEmail";

/** The parts of a gift (with its design and logo) that the email shows. */
export type GiftForEmail = {
  id: string;
  recipientName: string;
  subject: string;
  message: string;
  from: string;
  design: { name: string; imageUrl: string } | null;
  logo: { name: string; imageUrl: string };
};

export type RenderedEmail = { subject: string; html: string; text: string };

export function giftEmailProps(gift: GiftForEmail): GiftEmailProps {
  return {
    recipientName: gift.recipientName,
    message: gift.message,
    from: gift.from,
    untieUrl: untieUrl(gift.id),
    designName: gift.design?.name ?? null,
    designImageUrl: gift.design ? absoluteUrl(gift.design.imageUrl) : null,
    logoName: gift.logo.name,
    logoImageUrl: absoluteUrl(gift.logo.imageUrl),
  };
}

/** The gift email: subject from the gift, HTML and a plain-text part. */
export async function renderGiftEmail(gift: GiftForEmail): Promise<RenderedEmail> {
  const html = await render(createElement(GiftEmail, giftEmailProps(gift)));
  // The same as render(…, { plainText: true }), without rendering the tree a second time.
  return { subject: gift.subject, html, text: toPlainText(html) };
}
