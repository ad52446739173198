import { Body, Button, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import { direction, type Locale } from "@/lib/i18n/locales";
import { body, button, card, footer, heading, text } from "./styles";

/** The recipient's confirmation: what they chose and where it goes. */
export type RedemptionEmailProps = {
  /** The recipient's language (the gift's locale); English when absent. */
  locale?: Locale;
  recipientName: string;
  from: string;
  productName: string;
  variantName: string | null;
  /** The shipping address, one line each. */
  addressLines: string[];
  untieUrl: string;
};

export default function RedemptionEmail({
  locale = "en",
  recipientName,
  from,
  productName,
  variantName,
  addressLines,
  untieUrl,
}: RedemptionEmailProps) {
  const chosen = variantName ? `${productName} (${variantName})` : productName;
  const t = translator(locale, "email");
  return (
    <Html lang={locale} dir={direction(locale)}>
      <Head />
      <Preview>{t("redemptionPreview", { product: productName })}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Section style={{ padding: "24px 32px 8px" }}>
            <Text style={heading}>{t("redemptionHeading", { name: recipientName })}</Text>
            <Text style={text}>
              {t.rich("redemptionChose", { product: chosen, from, strong: (chunks) => <strong>{chunks}</strong> })}
            </Text>
            <Text style={address} dir="auto">
              {addressLines.map((line, i) => (
                <span key={i}>
                  {line}
                  <br />
                </span>
              ))}
            </Text>
            <Text style={text}>{t("redemptionNext")}</Text>
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

RedemptionEmail.PreviewProps = {
  recipientName: "Robin",
  from: "Alex at Acme Rockets",
  productName: "Merino Beanie",
  variantName: "Navy",
  addressLines: ["Robin Recipient", "1 Main Street", "Springfield, IL 62701", "United States"],
  untieUrl: "http://localhost:3000/untie/preview-token",
} satisfies RedemptionEmailProps;

const address = { ...text, backgroundColor: "#faf5f7", borderRadius: 8, padding: "12px 16px" };
