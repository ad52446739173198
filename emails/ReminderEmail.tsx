import { Body, Button, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import { direction, type Locale } from "@/lib/i18n/locales";

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
