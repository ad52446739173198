import { Link, Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import type { Locale } from "@/lib/i18n/locales";
import { CallToAction } from "./components/CallToAction";
import { EmailFooter } from "./components/EmailFooter";
import { EmailLayout } from "./components/EmailLayout";
import { colour, heading, text } from "./styles";

/** The recipient's "it has shipped" email: the carrier and the tracking link. */
export type ShippedEmailProps = {
  /** The recipient's language (the gift's locale); English when absent. */
  locale?: Locale;
  recipientName: string;
  from: string;
  productName: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  untieUrl: string;
};

export default function ShippedEmail({
  locale = "en",
  recipientName,
  from,
  productName,
  carrier,
  trackingNumber,
  trackingUrl,
  untieUrl,
}: ShippedEmailProps) {
  const t = translator(locale, "email");
  return (
    <EmailLayout locale={locale} preview={t("shippedPreview", { product: productName, from })}>
      <Section style={{ padding: "24px 32px 8px" }}>
        <Text style={heading}>{t("shippedHeading", { name: recipientName })}</Text>
        <Text style={text}>{t("shippedText", { product: productName, from, carrier })}</Text>
        <Text style={text}>
          {t("shippedTracking")}{" "}
          {trackingUrl ? (
            <Link href={trackingUrl} style={link}>
              {trackingNumber}
            </Link>
          ) : (
            <strong>{trackingNumber}</strong>
          )}
        </Text>
        <Text style={text}>{t("shippedNext")}</Text>
      </Section>
      <CallToAction href={untieUrl} label={t("followButton")} />
      <EmailFooter>{t("redeemedFooter")}</EmailFooter>
    </EmailLayout>
  );
}

ShippedEmail.PreviewProps = {
  recipientName: "Robin",
  from: "Alex at Acme Rockets",
  productName: "Merino Beanie (Navy)",
  carrier: "Ribbon Post",
  trackingNumber: "RP123456789",
  trackingUrl: "https://tracking.example.com/RP123456789",
  untieUrl: "http://localhost:3000/untie/preview-token",
} satisfies ShippedEmailProps;

const link = { color: colour.ribbon, fontWeight: 700 };
