import { Link, Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import type { Locale } from "@/lib/i18n/locales";
import { CallToAction } from "./components/CallToAction";
import { EmailFooter } from "./components/EmailFooter";
import { EmailLayout } from "./components/EmailLayout";
import { heading, text } from "./styles";

/** The recipient's reminder that a gift is still waiting to be chosen (lib/reminders). */
export type ReminderEmailProps = {
  /** The recipient's language (the gift's locale); English when absent. */
  locale?: Locale;
  recipientName: string;
  from: string;
  /** The last day to choose ("30 June 2027"), when the gift expires. */
  chooseBy: string | null;
  untieUrl: string;
  /** One click stops this gift's reminders (RFC 8058's link, also in the List-Unsubscribe header). */
  unsubscribeUrl?: string | null;
};

export default function ReminderEmail({
  locale = "en",
  recipientName,
  from,
  chooseBy,
  untieUrl,
  unsubscribeUrl,
}: ReminderEmailProps) {
  const t = translator(locale, "email");
  return (
    <EmailLayout locale={locale} preview={t("reminderPreview", { from })}>
      <Section style={{ padding: "24px 32px 8px" }}>
        <Text style={heading}>{t("reminderHeading", { name: recipientName })}</Text>
        <Text style={text}>{t("reminderText", { from })}</Text>
        {chooseBy ? <Text style={text}>{t("reminderChooseBy", { date: chooseBy })}</Text> : null}
      </Section>
      <CallToAction href={untieUrl} label={t("reminderButton")} />
      <EmailFooter>
        {t("reminderFooter", { from })}
        {unsubscribeUrl ? (
          <>
            {" "}
            <Link href={unsubscribeUrl} style={{ color: "inherit", textDecoration: "underline" }}>
              {t("reminderUnsubscribe")}
            </Link>
          </>
        ) : null}
      </EmailFooter>
    </EmailLayout>
  );
}

ReminderEmail.PreviewProps = {
  recipientName: "Robin",
  from: "Alex at Acme Rockets",
  chooseBy: "30 June 2027",
  untieUrl: "http://localhost:3000/untie/preview-token",
  unsubscribeUrl: "http://localhost:3000/unsubscribe/preview-token",
} satisfies ReminderEmailProps;
