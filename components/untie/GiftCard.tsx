import { translator } from "@/lib/i18n/catalogue";
import type { Locale } from "@/lib/i18n/locales";
import { isolated } from "./isolate";

/** The gift card at the top of the untie page: design with the logo in its slot, greeting, message, from line. */
export type GiftCardProps = {
  locale: Locale;
  recipientName: string;
  message: string;
  from: string;
  livemode: boolean;
  /** The last day to choose, already in the locale's words. */
  expiresOn: string | null;
  design: { name: string; imageUrl: string; hasLogo: boolean } | null;
  logo: { name: string; imageUrl: string };
};

export function GiftCard({ locale, recipientName, message, from, livemode, expiresOn, design, logo }: GiftCardProps) {
  const t = translator(locale, "card");
  return (
    <section className="relative mx-auto max-w-xl overflow-hidden rounded-2xl bg-white shadow" aria-label={t("label")}>
      {!livemode && (
        <p className="absolute -end-12 top-5 z-10 w-48 rotate-45 bg-amber-400 py-1 text-center text-xs font-bold uppercase tracking-wide text-stone-900 shadow rtl:-rotate-45">
          {t("testGift")}
        </p>
      )}
      {design && (
        <div className="relative">
          {/* eslint-disable-next-line @next/next/no-img-element -- catalogue SVGs, no optimisation needed */}
          <img
            src={design.imageUrl}
            alt={design.name}
            width={600}
            height={400}
            fetchPriority="high"
            className="h-auto w-full"
          />
          {design.hasLogo && (
            // Designs with a logo keep a 180×60 slot at (210, 24) of their 600×400 artwork: the artwork isn't mirrored, so neither is the slot.
            // The page shows the logo only here then (app/untie/[token]/page.tsx), so it carries the logo's name.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={logo.imageUrl}
              alt={logo.name}
              width={180}
              height={60}
              className="absolute left-[35%] top-[6%] h-[15%] w-[30%] object-contain"
            />
          )}
        </div>
      )}
      <div className="space-y-3 p-5 sm:p-8">
        <h1 className="text-2xl font-semibold">{isolated((v) => t("greeting", v), { name: recipientName })}</h1>
        {/* The sender's words as written, in their own direction (an English message on an Arabic page). */}
        <p dir="auto" className="whitespace-pre-line text-start text-stone-700" data-testid="gift-message">
          {message}
        </p>
        <p className="text-end font-medium text-stone-800" data-testid="gift-from">
          — <bdi>{from}</bdi>
        </p>
        {expiresOn && <p className="text-sm font-medium text-rose-800">{t("chooseBy", { date: expiresOn })}</p>}
      </div>
    </section>
  );
}
