import { Body, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import { direction, type Locale } from "@/lib/i18n/locales";
import { body, card, footer, heading, text } from "./styles";

/** The recipient's confirmation that they ended the gift themselves (declined or donated it), in their language. */
export type OutcomeConfirmationEmailProps = {
  /** The recipient's language (the gift's locale); English when absent. */
  locale?: Locale;
  outcome: "declined" | "donated";
  recipientName: string;
  from: string;
  /** The charity a donated gift went to. */
  charityName?: string;
};

export default function OutcomeConfirmationEmail({
  locale = "en",
  outcome,
  recipientName,
  from,
  charityName = "",
}: OutcomeConfirmationEmailProps) {
  const t = translator(locale, "email");
  const donated = outcome === "donated";
  return (
    <Html lang={locale} dir={direction(locale)}>
      <Head />
      <Preview>{donated ? t("donatedPreview", { charity: charityName }) : t("declinedPreview", { from })}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Section style={{ padding: "24px 32px" }}>
            <Text style={heading}>{t("declinedHeading", { name: recipientName })}</Text>
            <Text style={text}>
              {donated ? t("donatedText", { from, charity: charityName }) : t("declinedText", { from })}
            </Text>
          </Section>
          <Hr style={{ borderColor: "#f0e6ea", margin: 0 }} />
          <Text style={footer}>{t("outcomeFooter")}</Text>
        </Container>
      </Body>
    </Html>
  );
}

OutcomeConfirmationEmail.PreviewProps = {
  outcome: "donated",
  recipientName: "Robin",
  from: "Alex at Acme Rockets",
  charityName: "Clean Water Fund",
} satisfies OutcomeConfirmationEmailProps;
