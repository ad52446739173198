"use client";
// A client component for its markup's sake: the HTML carries that markup, the RSC payload only the props.

import type { Funnel as FunnelData, FunnelStep } from "@/lib/dashboard";

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((part / whole) * 100)}%`);
const number = (n: number) => n.toLocaleString("en-US");

/**
 * The view's funnel as one compact chart: a row per step of the path with a bar scaled to all
 * the view's gifts, its count, and the conversion from the step before; then the ways out on one
 * line (only those with gifts). Plain HTML: the words and numbers are the data (no table needed
 * behind it), the bars are decoration, and it reads the same without JavaScript.
 */
export function Funnel({ funnel }: { funnel: FunnelData }) {
  const exits = funnel.exits.filter((step) => step.count > 0);
  return (
    <section aria-labelledby="funnel-heading" className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="funnel-heading" className="text-sm font-semibold">
        Funnel <span className="font-normal text-stone-600">· conversion from the step before</span>
      </h2>
      <p className="mt-1 text-xs text-stone-600" data-testid="funnel-counts">
        Each gift of this view once, at every step it has reached, whenever that was.
      </p>
      <ol className="mt-2 space-y-1 text-sm" data-testid="funnel">
        {funnel.path.map((step, i) => (
          <Step key={step.stage} step={step} total={funnel.total} before={i === 0 ? null : funnel.path[i - 1]} />
        ))}
      </ol>
      <p className="mt-2 text-sm text-stone-700" data-testid="funnel-exits">
        <span className="font-medium">Left the path:</span>{" "}
        {exits.length === 0
          ? "none"
          : exits.map((step, i) => (
              <span key={step.stage} data-testid={`funnel-${step.stage}`}>
                {i > 0 && " · "}
                {number(step.count)} {step.label.toLowerCase()}
              </span>
            ))}
      </p>
    </section>
  );
}

function Step({ step, total, before }: { step: FunnelStep; total: number; before: FunnelStep | null }) {
  const width = total === 0 ? 0 : Math.max(step.count > 0 ? 1 : 0, Math.round((step.count / total) * 100));
  return (
    <li
      className="grid grid-cols-[5.5rem_1fr_4rem_3rem] items-center gap-x-2 sm:grid-cols-[7rem_1fr_5rem_9rem] sm:gap-x-3"
      data-testid={`funnel-${step.stage}`}
    >
      <span className="font-medium">{step.label}</span>
      <span aria-hidden="true" className="h-3 rounded-full bg-stone-100">
        <span className="block h-3 rounded-full bg-[var(--ribbon)]" style={{ width: `${width}%` }} />
      </span>
      <span className="text-right font-semibold tabular-nums">{number(step.count)}</span>
      <span className="text-right text-xs text-stone-600 tabular-nums sm:text-left">
        {before ? percent(step.count, before.count) : percent(step.count, total)}
        <span className="sr-only sm:not-sr-only"> of {before ? before.label.toLowerCase() : "all"}</span>
      </span>
    </li>
  );
}
