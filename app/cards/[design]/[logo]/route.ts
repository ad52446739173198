import { cardImage, designImage } from "@/lib/catalogue";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n";
import { publicContext } from "@/lib/site/context";

/**
 * GET /cards/<design>/<logo>.svg: a design with the logo in its slot, for gift emails;
 * /cards/<design>/<logo>.<locale>.svg the same with the card's words in a locale; and
 * /cards/<design>/<locale>.svg the design alone in a locale (the untie page overlays the logo).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ design: string; logo: string }> }) {
  const { design, logo } = await params;
  const [, logoId, suffix] = /^(?:(\d{1,9})\.)?(?:([a-z]{2})\.)?svg$/.exec(logo) ?? [];
  const locale = suffix === undefined ? DEFAULT_LOCALE : isLocale(suffix) ? suffix : null;
  const svg =
    design.length > 100 || !locale || (!logoId && !suffix)
      ? null
      : logoId
        ? await cardImage((await publicContext()).db, design, Number(logoId), locale)
        : await designImage((await publicContext()).db, design, locale);
  if (!svg) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
