import { Section, Text } from "@react-email/components";
import { translator } from "@/lib/i18n/catalogue";
import type { Locale } from "@/lib/i18n/locales";
import { CallToAction } from "./components/CallToAction";
import { EmailFooter } from "./components/EmailFooter";
import { EmailLayout } from "./components/EmailLayout";
import { colour, heading, text } from "./styles";

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
    <EmailLayout locale={locale} preview={t("redemptionPreview", { product: productName })}>
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
      <CallToAction href={untieUrl} label={t("followButton")} />
      <EmailFooter>{t("redeemedFooter")}</EmailFooter>
    </EmailLayout>
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

const address = { ...text, backgroundColor: colour.page, borderRadius: 8, padding: "12px 16px" };
