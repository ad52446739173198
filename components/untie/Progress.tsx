/** Where a redeemed gift is: chosen → shipped → delivered, with the dates reached. */
export type ProgressProps = { stage: string; reached: Record<string, string> };

const STEPS = [
  { stage: "redeemed", label: "Chosen" },
  { stage: "shipped", label: "Shipped" },
  { stage: "delivered", label: "Delivered" },
];

export function Progress({ stage, reached }: ProgressProps) {
  const current = STEPS.findIndex((s) => s.stage === stage);
  return (
    <ol className="mt-6 grid grid-cols-3 gap-2 text-center text-sm" aria-label="Progress">
      {STEPS.map((step, i) => {
        const done = i <= current;
        return (
          <li
            key={step.stage}
            aria-current={i === current ? "step" : undefined}
            className={`rounded-lg border-t-4 px-2 pt-2 ${done ? "border-rose-700 text-stone-900" : "border-stone-200 text-stone-500"}`}
          >
            <span className="block font-semibold">
              {step.label}
              {done ? "" : " (not yet)"}
            </span>
            {reached[step.stage] && <span className="block text-xs">{reached[step.stage]}</span>}
          </li>
        );
      })}
    </ol>
  );
}
