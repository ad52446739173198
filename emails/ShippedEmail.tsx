import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import { direction, type Locale } from "@/lib/i18n/locales";

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

const body = {
  backgroundColor: "#faf5f7",
  fontFamily: "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
  margin: 0,
  padding: "24px 0",
};
const card = {
  backgroundColor: "#ffffff",
  borderRadius: 16,
  maxWidth: 600,
  margin: "0 auto",
  border: "1px solid #f0e6ea",
};
const heading = { fontSize: 20, fontWeight: 700, color: "#2d1a22", margin: "8px 0 12px" };
const text = { fontSize: 16, lineHeight: "26px", color: "#3d2a32", margin: "0 0 12px" };
const link = { color: "#b4235a", fontWeight: 700 };
const button = {
  backgroundColor: "#b4235a",
  color: "#ffffff",
  fontSize: 16,
  fontWeight: 700,
  borderRadius: 999,
  padding: "12px 28px",
  textDecoration: "none",
  display: "inline-block",
};
const footer = { fontSize: 12, color: "#8a7480", padding: "12px 32px 20px", margin: 0 };
