import { escapeHtml } from "@/lib/format/html";
import { direction, translator, type Locale } from "@/lib/i18n";
import { stopReminders, unsubscribeLocale } from "@/lib/reminders/unsubscribe";
import { publicContext } from "@/lib/site/context";

type Params = { params: Promise<{ token: string }> };

/**
 * A small page in the gift's language (lib/i18n, the `unsubscribe` messages), with <html lang dir>
 * as the untie pages have: the catalogue's fixed words only, nothing from the request.
 */
function page(status: number, locale: Locale, title: string, body: string): Response {
  const html = `<!doctype html><html lang="${locale}" dir="${direction(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Ribbon</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937"><main><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}

/** The language of the link's gift; English for a link that is not one. */
async function localeOf(token: string): Promise<Locale> {
  return unsubscribeLocale((await publicContext()).db, token);
}

function unknown(locale: Locale): Response {
  const t = translator(locale, "unsubscribe");
  return page(404, locale, t("unknownTitle"), `<p>${escapeHtml(t("unknownText"))}</p>`);
}

/**
 * The reminders' unsubscribe link. GET only asks (mail scanners fetch links: a GET changes
 * nothing); POST stops the gift's reminders: the mailbox's one-click button (RFC 8058 posts
 * `List-Unsubscribe=One-Click`, no cookies) or the page's button. No sign-in either way.
 */
export async function GET(_request: Request, { params }: Params) {
  const { token } = await params;
  if (token.length > 200) return unknown("en");
  const locale = await localeOf(token);
  const t = translator(locale, "unsubscribe");
  return page(
    200,
    locale,
    t("askTitle"),
    `<p>${escapeHtml(t("askText"))}</p><form method="post"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem">${escapeHtml(t("button"))}</button></form>`,
  );
}

export async function POST(_request: Request, { params }: Params) {
  const { token } = await params;
  const { db } = await publicContext();
  const outcome = await stopReminders(db, token);
  const locale = outcome === "unknown" ? "en" : await localeOf(token);
  if (outcome === "unknown") return unknown(locale);
  const t = translator(locale, "unsubscribe");
  return page(200, locale, t("stoppedTitle"), `<p>${escapeHtml(t("stoppedText"))}</p>`);
}
