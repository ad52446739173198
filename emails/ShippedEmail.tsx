import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import { direction, type Locale } from "@/lib/i18n/locales";
import { body, button, card, footer, heading, text } from "./styles";

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
    <Html lang={locale} dir={direction(locale)}>
      <Head />
      <Preview>{t("shippedPreview", { product: productName, from })}</Preview>
      <Body style={body}>
        <Container style={card}>
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
          <Section style={{ textAlign: "center", padding: "8px 32px 32px" }}>
            <Button href={untieUrl} style={button}>
              {t("followButton")}
            </Button>
          </Section>
          <Hr style={{ borderColor: "#f0e6ea", margin: 0 }} />
          <Text style={footer}>{t("redeemedFooter")}</Text>
        </Container>
      </Body>
    </Html>
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

const link = { color: "#b4235a", fontWeight: 700 };
