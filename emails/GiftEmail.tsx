import { Img, Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import type { Locale } from "@/lib/i18n/locales";
import { CallToAction } from "./components/CallToAction";
import { EmailFooter } from "./components/EmailFooter";
import { EmailLayout } from "./components/EmailLayout";
import { button, colour, small, text } from "./styles";

/** Everything the gift email shows. Image URLs are absolute (email clients have no base URL). */
export type GiftEmailProps = {
  /** The recipient's language (the gift's locale); English when absent. */
  locale?: Locale;
  recipientName: string;
  message: string;
  from: string;
  untieUrl: string;
  /** What the gift is: the collection the recipient chooses from. */
  collectionName: string;
  /** "15 January 2027" (in the locale's words) when the gift expires, else null. */
  chooseBy: string | null;
  designName: string | null;
  designImageUrl: string | null;
  /** The design image already carries the logo in its slot: don't show it twice. */
  logoInDesign: boolean;
  logoName: string;
  logoImageUrl: string;
};

/** The gift email: design artwork, logo, message, from line and one clear button to the untie page. */
export default function GiftEmail({
  locale = "en",
  recipientName,
  message,
  from,
  untieUrl,
  collectionName,
  chooseBy,
  designName,
  designImageUrl,
  logoInDesign,
  logoName,
  logoImageUrl,
}: GiftEmailProps) {
  const paragraphs = message
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const t = translator(locale, "email");
  return (
    <EmailLayout locale={locale} preview={t("giftPreview", { from, collection: collectionName })}>
      {logoInDesign ? null : (
        <Section style={{ textAlign: "center", padding: "24px 24px 8px" }}>
          <Img src={logoImageUrl} alt={logoName} height="40" style={{ margin: "0 auto", height: 40, width: "auto" }} />
        </Section>
      )}
      {designImageUrl ? (
        <Section style={{ padding: "8px 24px" }}>
          <Img
            src={designImageUrl}
            alt={
              logoInDesign
                ? t("giftCardWithLogoAlt", { design: designName ?? t("giftCardAlt"), logo: logoName })
                : (designName ?? t("giftCardAlt"))
            }
            width="552"
            style={{ width: "100%", height: "auto", borderRadius: 12 }}
          />
        </Section>
      ) : null}
      <Section style={{ padding: "8px 32px" }}>
        <Text style={greeting}>{t("giftGreeting", { name: recipientName })}</Text>
        {/* The sender's words as written, in their own direction. */}
        {paragraphs.map((paragraph, i) => (
          <Text key={i} style={messageText} dir="auto">
            {paragraph}
          </Text>
        ))}
        <Text style={fromLine}>— {from}</Text>
        <Text style={giftLine}>
          {t.rich(chooseBy ? "giftLineBy" : "giftLine", {
            collection: collectionName,
            date: chooseBy ?? "",
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </Text>
      </Section>
      <CallToAction href={untieUrl} label={t("giftButton")} padding="16px 32px 32px" style={bigButton}>
        <Text style={fallback} data-skip-in-text={true}>
          {t("giftFallback")}{" "}
          <a href={untieUrl} style={{ color: colour.ribbon }}>
            {untieUrl}
          </a>
        </Text>
      </CallToAction>
      <EmailFooter>{t("giftFooter")}</EmailFooter>
    </EmailLayout>
  );
}

GiftEmail.PreviewProps = {
  recipientName: "Robin",
  message: "Thank you for a wonderful year on the team.\n\nEnjoy something nice on us!",
  from: "Alex at Acme Rockets",
  untieUrl: "http://localhost:3000/untie/preview-token",
  collectionName: "Coffee Lovers",
  chooseBy: "15 January 2027",
  designName: "Thank You",
  logoInDesign: false,
  designImageUrl: "http://localhost:3000/catalogue/designs/thank-you.svg",
  logoName: "Ribbon",
  logoImageUrl: "http://localhost:3000/catalogue/logos/ribbon.svg",
} satisfies GiftEmailProps;

const greeting = { fontSize: 18, fontWeight: 600, color: colour.ink, margin: "16px 0 8px" };
const messageText = { textAlign: "start" as const, ...text, whiteSpace: "pre-line" as const };
const fromLine = { fontSize: 16, fontStyle: "italic", color: colour.text, margin: "16px 0 0" };
const bigButton = { ...button, fontSize: 17, padding: "14px 32px" };
const giftLine = { fontSize: 15, color: colour.text, margin: "16px 0 0" };
const fallback = { ...small, margin: "16px 0 0" };
