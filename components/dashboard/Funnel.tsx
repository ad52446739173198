import type { Funnel as FunnelData, FunnelStep } from "@/lib/dashboard";

const percent = (rate: number | null) => (rate === null ? "–" : `${Math.round(rate * 100)}%`);

function Step({ step }: { step: FunnelStep }) {
  return (
    <li className="rounded-lg border border-stone-200 bg-white px-3 py-2" data-testid={`funnel-${step.stage}`}>
      <span className="block text-xs font-medium uppercase tracking-wide text-stone-600">{step.label}</span>
      <span className="block text-xl font-semibold tabular-nums">{step.count.toLocaleString("en-US")}</span>
      <span className="block text-xs text-stone-600 tabular-nums">{percent(step.rate)} of all</span>
    </li>
  );
}

/** The view's funnel: the steps of the path, then the ways out. */
export function Funnel({ funnel }: { funnel: FunnelData }) {
  return (
    <section aria-labelledby="funnel-heading" className="mt-6">
      <h2 id="funnel-heading" className="sr-only">
        Funnel
      </h2>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {funnel.path.map((step) => (
          <Step key={step.stage} step={step} />
        ))}
      </ol>
      <ul className="mt-2 grid grid-cols-3 gap-2" aria-label="Gifts that left the path">
        {funnel.exits.map((step) => (
          <Step key={step.stage} step={step} />
        ))}
      </ul>
    </section>
  );
}
