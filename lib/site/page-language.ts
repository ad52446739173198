import "server-only";
import { headers } from "next/headers";
import { direction, type Locale } from "@/lib/i18n";
import { requestLocale } from "./locale";
import { PATH_HEADER } from "@/lib/http/page-headers.mjs";
import { untieGift } from "./untie-gift";

const UNTIE_PATH = /^\/untie\/([^/]+)/;

/**
 * The document's language and direction, for <html lang dir>: an untie page speaks the
 * recipient's language (the same choice the page makes, from the gift it loads anyway), every
 * other page English.
 */
export async function pageLanguage(): Promise<{ lang: Locale; dir: "ltr" | "rtl" }> {
  const token = UNTIE_PATH.exec((await headers()).get(PATH_HEADER) ?? "")?.[1];
  if (!token) return { lang: "en", dir: "ltr" };
  const gift = await untieGift(token);
  const lang = await requestLocale(gift?.locale);
  return { lang, dir: direction(lang) };
}
