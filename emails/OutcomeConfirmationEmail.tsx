import { Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import type { Locale } from "@/lib/i18n/locales";
import { EmailFooter } from "./components/EmailFooter";
import { EmailLayout } from "./components/EmailLayout";
import { heading, text } from "./styles";

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
    <EmailLayout
      locale={locale}
      preview={donated ? t("donatedPreview", { charity: charityName }) : t("declinedPreview", { from })}
    >
      <Section style={{ padding: "24px 32px" }}>
        <Text style={heading}>{t("declinedHeading", { name: recipientName })}</Text>
        <Text style={text}>
          {donated ? t("donatedText", { from, charity: charityName }) : t("declinedText", { from })}
        </Text>
      </Section>
      <EmailFooter>{t("outcomeFooter")}</EmailFooter>
    </EmailLayout>
  );
}

OutcomeConfirmationEmail.PreviewProps = {
  outcome: "donated",
  recipientName: "Robin",
  from: "Alex at Acme Rockets",
  charityName: "Clean Water Fund",
} satisfies OutcomeConfirmationEmailProps;
