import { createTranslator } from "next-intl";
import { countryNameIn } from "@/lib/format/locale";
import { CATALOGUES, DEFAULT_LOCALE, type Locale } from "@/lib/i18n";
import { ENGLISH_WORDS } from "./schema";
import type { RedemptionWords } from "./form-words";

const made = new Map<Locale, RedemptionWords>([[DEFAULT_LOCALE, ENGLISH_WORDS]]);

/** The redemption's messages in a locale (one object per locale, so its schemas are built once). */
export function redemptionWords(locale: Locale): RedemptionWords {
  let words = made.get(locale);
  if (!words) {
    const t = createTranslator({ locale, messages: CATALOGUES[locale], timeZone: "UTC" });
    words = {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- keys are built from the catalogue's own names
      t: (key, values) => (t as any)(key, values),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
      has: (key) => t.has(key as any),
      country: (code) => countryNameIn(code, locale),
    };
    made.set(locale, words);
  }
  return words;
}
