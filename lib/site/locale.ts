import { cookies, headers } from "next/headers";
import { config } from "@/lib/config";
import { isLocale, LOCALE_COOKIE, resolveLocale, type Locale } from "@/lib/i18n";

/**
 * The untie pages' language for this request: the recipient's choice (the cookie), else the
 * gift's locale, else the browser's Accept-Language, else English (lib/i18n/resolve.ts).
 */
export async function requestLocale(giftLocale: string | null = null): Promise<Locale> {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  return resolveLocale({
    chosen: jar.get(LOCALE_COOKIE)?.value,
    gift: giftLocale,
    acceptLanguage: head.get("accept-language"),
  });
}

/** Remembers the recipient's language in this browser (never on the gift). Anything but a locale is ignored. */
export async function rememberLocale(locale: unknown): Promise<void> {
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, {
    maxAge: 365 * 24 * 60 * 60,
    httpOnly: true,
    sameSite: "lax",
    path: "/untie",
    secure: config.appUrl.startsWith("https:"),
  });
}
