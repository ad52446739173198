import { describe, expect, test } from "vitest";
import { render } from "@react-email/render";
import { templates } from "./index";

// Every template in emails/index.ts renders, as HTML and as plain text, with its preview props.
describe.each(Object.entries(templates))("%s", (_name, Template) => {
  test("renders HTML and plain text with its preview props", async () => {
    const props = Template.PreviewProps;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each template takes its own props
    const element = <Template {...(props as any)} />;
    const html = await render(element);
    const text = await render(element, { plainText: true });
    expect(html).toMatch(/^<!DOCTYPE html/i);
    expect(html.length).toBeGreaterThan(1000);
    expect(text.trim().length).toBeGreaterThan(20);
    expect(text).not.toMatch(/<[a-z]/i);
    // Every URL given in the props is in the email.
    for (const value of Object.values(props)) {
      if (typeof value === "string" && /^https?:\/\//.test(value))
        expect(html).toContain(value.replaceAll("&", "&amp;"));
    }
  });
});

test("the gift email shows artwork, logo, message, from line and a button to the untie URL", async () => {
  const props = templates.GiftEmail.PreviewProps;
  const html = await render(<templates.GiftEmail {...props} />);
  const text = await render(<templates.GiftEmail {...props} />, { plainText: true });
  expect(html).toContain(`src="${props.designImageUrl}"`);
  expect(html).toContain(`src="${props.logoImageUrl}"`);
  expect(html).toContain("Enjoy something nice on us!");
  expect(html).toContain(props.from);
  expect(html).toMatch(new RegExp(`<a[^>]*href="${props.untieUrl}"[^>]*>[\\s\\S]*Untie your gift`));
  expect(text).toContain(`Untie your gift ${props.untieUrl}`);
  expect(text).toContain("Thank you for a wonderful year on the team.");
});

test("the sign-in email has the link and the host", async () => {
  const props = templates.SignInEmail.PreviewProps;
  const html = await render(<templates.SignInEmail {...props} />);
  expect(html).toContain(props.url.replaceAll("&", "&amp;"));
  expect(html).toContain(props.host);
});

test("the approval email: one gift or many, who, the batch, the total, the reason, the expiry and the link in both parts", async () => {
  const many = templates.GiftApprovalEmail.PreviewProps;
  const text = await render(<templates.GiftApprovalEmail {...many} />, { plainText: true });
  expect(text).toContain("250 gifts are waiting for your approval");
  expect(text).toContain(
    "Alex Kim (alex@acme.test) created 250 gifts for Acme Rockets in the batch “Holiday thank-yous”, $6,250.00 in all.",
  );
  expect(text).toContain(many.reason);
  expect(text).toContain("Approve or reject them by 15 May 2027, 14:05 UTC");
  expect(text).toContain(`Review the gifts ${many.url}`);
  const one = {
    ...many,
    count: 1,
    batchName: null,
    url: "https://gifts.example.test/dashboard/acme-rockets/gifts/gft_1",
  };
  const single = await render(<templates.GiftApprovalEmail {...one} />, { plainText: true });
  expect(single).toContain("1 gift is waiting for your approval");
  expect(single).toContain("created 1 gift for Acme Rockets, $6,250.00 in all.");
  expect(single).toContain("Approve or reject it by");
  expect(single).toContain(`Review the gift ${one.url}`);
  expect(single).not.toContain("batch");
});

// The recipient's emails in each locale: HTML and plain text in that language, `lang` and `dir`
// on the document, the sender's message exactly as written.
const RECIPIENT_EMAILS = {
  GiftEmail: {
    en: "Untie your gift",
    es: "Abre tu regalo",
    fr: "Ouvrir votre cadeau",
    de: "Geschenk auspacken",
    ja: "ギフトを開ける",
    ar: "افتح هديتك",
  },
  RedemptionEmail: {
    en: "Follow your gift",
    es: "Sigue tu regalo",
    fr: "Suivre votre cadeau",
    de: "Geschenk verfolgen",
    ja: "ギフトの状況を見る",
    ar: "تابع هديتك",
  },
  ShippedEmail: {
    en: "Tracking number:",
    es: "Número de seguimiento:",
    fr: "Numéro de suivi :",
    de: "Sendungsnummer:",
    ja: "追跡番号：",
    ar: "رقم التتبع:",
  },
  DeliveredEmail: {
    en: "See your gift",
    es: "Ver tu regalo",
    fr: "Voir votre cadeau",
    de: "Geschenk ansehen",
    ja: "ギフトを見る",
    ar: "شاهد هديتك",
  },
  ReminderEmail: {
    en: "still waiting",
    es: "todavía te espera",
    fr: "vous attend toujours",
    de: "wartet noch auf dich",
    ja: "まだお待ちしています",
    ar: "ما زالت بانتظارك",
  },
} as const;

describe.each(Object.entries(RECIPIENT_EMAILS))("%s in each locale", (name, words) => {
  test.each(Object.entries(words))("%s", async (locale, word) => {
    const Template = templates[name as keyof typeof RECIPIENT_EMAILS];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each template takes its own props
    const element = <Template {...(Template.PreviewProps as any)} locale={locale} />;
    const html = await render(element);
    const text = await render(element, { plainText: true });
    const root = /<html[^>]*>/.exec(html)![0];
    expect(root).toContain(`lang="${locale}"`);
    expect(root).toContain(`dir="${locale === "ar" ? "rtl" : "ltr"}"`);
    expect(html).toContain(word.replaceAll("'", "&#x27;"));
    expect(text).toContain(word);
    expect(text).not.toMatch(/<[a-z]/i);
    if (locale !== "en") expect(text).not.toContain(RECIPIENT_EMAILS[name as keyof typeof RECIPIENT_EMAILS].en);
  });
});

test("the gift email keeps the sender's message as written, in its own direction, and the date in the locale's words", async () => {
  const props = {
    ...templates.GiftEmail.PreviewProps,
    message: "Thank you!\n\nشكرا جزيلا",
    chooseBy: "15 de enero de 2027",
  };
  const html = await render(<templates.GiftEmail {...props} locale="es" />);
  const text = await render(<templates.GiftEmail {...props} locale="es" />, { plainText: true });
  expect(html).toMatch(/<p[^>]*dir="auto"[^>]*>Thank you!<\/p>/);
  expect(html).toContain("شكرا جزيلا");
  expect(text).toContain("Hola, Robin:");
  expect(text).toContain("Tu regalo: el que elijas de Coffee Lovers. Elige antes del 15 de enero de 2027.");
});
