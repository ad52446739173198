import type { TimelineEntry } from "@/lib/dashboard";
import { Instant } from "./Instant";

const ICON: Record<TimelineEntry["kind"], string> = {
  stage: "●",
  email: "✉",
  webhook: "⇄",
  charge: "$",
  refund: "↺",
};

/** Everything that happened to a gift, oldest first, with times to the minute (to the second on hover). */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="mt-4 space-y-3" data-testid="timeline">
      {entries.map((entry, i) => (
        <li key={i} className="flex gap-3" data-testid={`timeline-${entry.kind}`}>
          <span aria-hidden="true" className="mt-0.5 w-5 shrink-0 text-center text-stone-500">
            {ICON[entry.kind]}
          </span>
          <div className="min-w-0">
            <p className="font-medium break-words">
              {entry.title}
              {entry.status && " "}
              {entry.status && (
                <span className="ml-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700">
                  {entry.status}
                </span>
              )}
            </p>
            {entry.detail && <p className="text-sm break-words text-stone-700">{entry.detail}</p>}
            <Instant at={entry.at} className="text-xs text-stone-600 tabular-nums" />
          </div>
        </li>
      ))}
    </ol>
  );
}
