import { createElement } from "react";
import { randomBytes } from "node:crypto";
import { render, toPlainText } from "@react-email/render";
import { escapeHtml } from "@/lib/format/html";
import { absoluteUrl } from "@/lib/urls";
import { untieUrl } from "@/lib/untie";
import { cardImagePath } from "@/lib/catalogue/card-image";
import GiftEmail, { type GiftEmailProps } from "@/emails/GiftEmail";
import { longDate } from "@/lib/format/locale";
import { emailLocale } from "@/lib/i18n";
import { catalogueIn } from "@/lib/catalogue/localized";

/** The parts of a gift (with its design and logo) that the email shows. */
export type GiftForEmail = {
  id: string;
  /** Its untie secret's version (lib/untie.ts); 0 unless the email was corrected. */
  untieVersion?: number;
  recipientName: string;
  subject: string;
  message: string;
  from: string;
  expiresOn: Date | null;
  /** The gift's locale: the email is in it, else English. */
  locale?: string | null;
  /** The collection and design by slug: the email names them in the gift's language (`catalogueIn`). */
  collection: { slug: string; name: string };
  design: { id: string; name: string; imageUrl: string; hasLogo: boolean } | null;
  logo: { id: number; name: string; imageUrl: string };
};

export type RenderedEmail = { subject: string; html: string; text: string };

export function giftEmailProps(gift: GiftForEmail): GiftEmailProps {
  const locale = emailLocale(gift.locale);
  const words = catalogueIn(locale);
  const design = gift.design && words.design(gift.design);
  return {
    locale,
    recipientName: gift.recipientName,
    message: gift.message,
    from: gift.from,
    untieUrl: untieUrl(gift.id, gift.untieVersion ?? 0),
    collectionName: words.collection(gift.collection).name,
    chooseBy: gift.expiresOn ? longDate(gift.expiresOn, locale) : null,
    designName: design?.name ?? null,
    // A design with a logo slot gets the logo composed into it (no white box; email can't overlay images),
    // the card's own words in the gift's language.
    designImageUrl: design
      ? absoluteUrl(design.hasLogo ? cardImagePath(design.id, gift.logo.id, locale) : design.imageUrl)
      : null,
    logoInDesign: Boolean(gift.design?.hasLogo),
    logoName: gift.logo.name,
    logoImageUrl: absoluteUrl(gift.logo.imageUrl),
  };
}

/**
 * The gift email: subject from the gift, HTML and a plain-text part.
 *
 * Rendering costs ~6 ms of CPU (React, then HTML to text), and a batch of gifts usually
 * shares everything but the recipient's name and untie link (a bulk send). So the email is
 * rendered once per distinct rest, with placeholders, and each recipient's values are put
 * in (escaped as React escapes them). The placeholders hold a per-process random part, so
 * no sender text can contain them. The result is byte-for-byte a direct render (tested).
 */
export async function renderGiftEmail(gift: GiftForEmail): Promise<RenderedEmail> {
  const { recipientName, untieUrl: url, ...shared } = giftEmailProps(gift);
  const template = await templateFor(shared);
  const fill = (part: string, escape: (value: string) => string) =>
    part.split(PLACEHOLDER.name).join(escape(recipientName)).split(PLACEHOLDER.url).join(escape(url));
  return {
    subject: gift.subject,
    html: fill(template.html, escapeHtml),
    text: fill(template.text, collapseWhitespace),
  };
}

/** A full render, without the template cache (the reference the cache is tested against). */
export async function renderGiftEmailDirectly(gift: GiftForEmail): Promise<RenderedEmail> {
  const html = await render(createElement(GiftEmail, giftEmailProps(gift)));
  // The same as render(…, { plainText: true }), without rendering the tree a second time.
  return { subject: gift.subject, html, text: toPlainText(html) };
}

const nonce = randomBytes(8).toString("hex");
const PLACEHOLDER = { name: `ribbon${nonce}recipientname`, url: `https://ribbon${nonce}.invalid/untie` };

type Template = { html: string; text: string };
const TEMPLATES_KEPT = 100;
const templates = new Map<string, Promise<Template>>();

function templateFor(shared: Omit<GiftEmailProps, "recipientName" | "untieUrl">): Promise<Template> {
  const key = JSON.stringify(shared);
  let template = templates.get(key);
  if (!template) {
    if (templates.size >= TEMPLATES_KEPT) templates.delete(templates.keys().next().value!);
    template = render(
      createElement(GiftEmail, { ...shared, recipientName: PLACEHOLDER.name, untieUrl: PLACEHOLDER.url }),
    ).then((html) => ({ html, text: toPlainText(html) }));
    templates.set(key, template);
    template.catch(() => templates.delete(key));
  }
  return template;
}

// HTML to text turns every run of whitespace in a text node into one space.
const collapseWhitespace = (value: string) => value.replace(/\s+/g, " ");
