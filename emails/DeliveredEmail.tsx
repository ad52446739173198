import { Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import type { Locale } from "@/lib/i18n/locales";
import { CallToAction } from "./components/CallToAction";
import { EmailFooter } from "./components/EmailFooter";
import { EmailLayout } from "./components/EmailLayout";
import { heading, text } from "./styles";

/** The recipient's "it has arrived" email. */
export type DeliveredEmailProps = {
  /** The recipient's language (the gift's locale); English when absent. */
  locale?: Locale;
  recipientName: string;
  from: string;
  productName: string;
  carrier: string;
  untieUrl: string;
};

export default function DeliveredEmail({
  locale = "en",
  recipientName,
  from,
  productName,
  carrier,
  untieUrl,
}: DeliveredEmailProps) {
  const t = translator(locale, "email");
  return (
    <EmailLayout locale={locale} preview={t("deliveredPreview", { product: productName, from })}>
      <Section style={{ padding: "24px 32px 8px" }}>
        <Text style={heading}>{t("deliveredHeading", { name: recipientName })}</Text>
        <Text style={text}>{t("deliveredText", { product: productName, from, carrier })}</Text>
      </Section>
      <CallToAction href={untieUrl} label={t("deliveredButton")} />
      <EmailFooter>{t("redeemedFooter")}</EmailFooter>
    </EmailLayout>
  );
}

DeliveredEmail.PreviewProps = {
  recipientName: "Robin",
  from: "Alex at Acme Rockets",
  productName: "Merino Beanie (Navy)",
  carrier: "Ribbon Post",
  untieUrl: "http://localhost:3000/untie/preview-token",
} satisfies DeliveredEmailProps;
