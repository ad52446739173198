import { createElement } from "react";
import { render, toPlainText } from "@react-email/render";
import { absoluteUrl } from "@/lib/urls";
import { untieUrl } from "@/lib/gifts/untie";
import { cardImagePath } from "@/lib/catalogue/card-image";
import GiftEmail, { type GiftEmailProps } from "@/emails/GiftEmail";

/** The parts of a gift (with its design and logo) that the email shows. */
export type GiftForEmail = {
  id: string;
  recipientName: string;
  subject: string;
  message: string;
  from: string;
  expiresOn: Date | null;
  collection: { name: string };
  design: { id: string; name: string; imageUrl: string; hasLogo: boolean } | null;
  logo: { id: number; name: string; imageUrl: string };
};

const longDate = (date: Date) => date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export type RenderedEmail = { subject: string; html: string; text: string };

export function giftEmailProps(gift: GiftForEmail): GiftEmailProps {
  return {
    recipientName: gift.recipientName,
    message: gift.message,
    from: gift.from,
    untieUrl: untieUrl(gift.id),
    collectionName: gift.collection.name,
    chooseBy: gift.expiresOn ? longDate(gift.expiresOn) : null,
    designName: gift.design?.name ?? null,
    // A design with a logo slot gets the logo composed into it (no white box; email can't overlay images).
    designImageUrl: gift.design ? absoluteUrl(gift.design.hasLogo ? cardImagePath(gift.design.id, gift.logo.id) : gift.design.imageUrl) : null,
    logoInDesign: Boolean(gift.design?.hasLogo),
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
