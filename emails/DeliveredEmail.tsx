import { Body, Button, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import { direction, type Locale } from "@/lib/i18n/locales";
import { body, button, card, footer, heading, text } from "./styles";

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
    <Html lang={locale} dir={direction(locale)}>
      <Head />
      <Preview>{t("deliveredPreview", { product: productName, from })}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Section style={{ padding: "24px 32px 8px" }}>
            <Text style={heading}>{t("deliveredHeading", { name: recipientName })}</Text>
            <Text style={text}>{t("deliveredText", { product: productName, from, carrier })}</Text>
          </Section>
          <Section style={{ textAlign: "center", padding: "8px 32px 32px" }}>
            <Button href={untieUrl} style={button}>
              {t("deliveredButton")}
            </Button>
          </Section>
          <Hr style={{ borderColor: "#f0e6ea", margin: 0 }} />
          <Text style={footer}>{t("redeemedFooter")}</Text>
        </Container>
      </Body>
    </Html>
  );
}

DeliveredEmail.PreviewProps = {
  recipientName: "Robin",
  from: "Alex at Acme Rockets",
  productName: "Merino Beanie (Navy)",
  carrier: "Ribbon Post",
  untieUrl: "http://localhost:3000/untie/preview-token",
} satisfies DeliveredEmailProps;
