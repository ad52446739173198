import { translator } from "@/lib/i18n/catalogue";
import type { Locale } from "@/lib/i18n/locales";

/** Where a redeemed gift is: chosen → shipped → delivered, with the dates reached (in the locale's words). */
export type ProgressProps = { locale: Locale; stage: string; reached: Record<string, string> };

const STEPS = ["redeemed", "shipped", "delivered"] as const;

export function Progress({ locale, stage, reached }: ProgressProps) {
  const t = translator(locale, "progress");
  const current = STEPS.findIndex((s) => s === stage);
  return (
    <ol className="mt-6 grid grid-cols-3 gap-2 text-center text-sm" aria-label={t("label")}>
      {STEPS.map((step, i) => {
        const done = i <= current;
        return (
          <li
            key={step}
            aria-current={i === current ? "step" : undefined}
            className={`rounded-lg border-t-4 px-2 pt-2 ${done ? "border-rose-700 text-stone-900" : "border-stone-200 text-stone-500"}`}
          >
            <span className="block font-semibold">{done ? t(step) : t("notYet", { step: t(step) })}</span>
            {reached[step] && <span className="block text-xs">{reached[step]}</span>}
          </li>
        );
      })}
    </ol>
  );
}
