import { BrandedMessage } from "@/components/untie/BrandedMessage";
import { LocaleRoot } from "@/components/untie/LocaleRoot";
import { translator } from "@/lib/i18n";
import { requestLocale } from "@/lib/site/locale";
import { chooseLanguageAction } from "./actions";

/** An unknown or tampered untie link: no gift, so the recipient's choice or browser picks the language. */
export default async function GiftNotFound() {
  const locale = await requestLocale();
  const t = translator(locale, "gone");
  return (
    <LocaleRoot
      locale={locale}
      label={translator(locale, "language")("label")}
      change={translator(locale, "language")("change")}
      choose={chooseLanguageAction}
    >
      <BrandedMessage title={t("notFoundTitle")}>
        <p>{t("notFoundIncomplete")}</p>
        <p>{t("notFoundAsk")}</p>
      </BrandedMessage>
    </LocaleRoot>
  );
}
