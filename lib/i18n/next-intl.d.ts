import type en from "./messages/en.json";
import type { Locale } from "./locales";

// Typed keys: a t("…") call naming a key English lacks fails `tsc`.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
