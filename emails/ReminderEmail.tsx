import { Body, Button, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import { direction, type Locale } from "@/lib/i18n/locales";
import { body, button, card, footer, heading, text } from "./styles";

/** The recipient's reminder that a gift is still waiting to be chosen (lib/reminders). */
export type ReminderEmailProps = {
  /** The recipient's language (the gift's locale); English when absent. */
  locale?: Locale;
  recipientName: string;
  from: string;
  /** The last day to choose ("30 June 2027"), when the gift expires. */
  chooseBy: string | null;
  untieUrl: string;
};

export default function ReminderEmail({ locale = "en", recipientName, from, chooseBy, untieUrl }: ReminderEmailProps) {
  const t = translator(locale, "email");
  return (
    <Html lang={locale} dir={direction(locale)}>
      <Head />
      <Preview>{t("reminderPreview", { from })}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Section style={{ padding: "24px 32px 8px" }}>
            <Text style={heading}>{t("reminderHeading", { name: recipientName })}</Text>
            <Text style={text}>{t("reminderText", { from })}</Text>
            {chooseBy ? <Text style={text}>{t("reminderChooseBy", { date: chooseBy })}</Text> : null}
          </Section>
          <Section style={{ textAlign: "center", padding: "8px 32px 32px" }}>
            <Button href={untieUrl} style={button}>
              {t("reminderButton")}
            </Button>
          </Section>
          <Hr style={{ borderColor: "#f0e6ea", margin: 0 }} />
          <Text style={footer}>{t("reminderFooter", { from })}</Text>
        </Container>
      </Body>
    </Html>
  );
}

ReminderEmail.PreviewProps = {
  recipientName: "Robin",
  from: "Alex at Acme Rockets",
  chooseBy: "30 June 2027",
  untieUrl: "http://localhost:3000/untie/preview-token",
} satisfies ReminderEmailProps;
