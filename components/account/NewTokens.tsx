import type { DemoFileUpdate } from "@/lib/demo/demo-credentials-file";
import { utcMinute } from "@/lib/format/relative-time";
import { CopyButton } from "./CopyButton";

type Props = {
  issued: { live: string; sandbox: string };
  /** After a roll: when the previous tokens stop (null: they already have); undefined when nothing was rolled. */
  oldTokensUntil?: string | null;
  demoFile: DemoFileUpdate;
};

/** The new tokens, shown this once, each with a Copy button. */
export function NewTokens({ issued, oldTokensUntil, demoFile }: Props) {
  const rows = [
    { mode: "live", label: "Live", value: issued.live },
    { mode: "sandbox", label: "Sandbox", value: issued.sandbox },
  ];
  return (
    <div className="mt-3 space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm" data-testid="new-tokens">
      <p className="font-medium">Copy these now: they won&apos;t be shown again.</p>
      {rows.map((row) => (
        <p key={row.mode} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>{row.label}:</span>
          <code id={`new-${row.mode}-token`} className="break-all" data-testid={`${row.mode}-token`}>
            {row.value}
          </code>
          <CopyButton value={row.value} label={`Copy ${row.mode} token`} targetId={`new-${row.mode}-token`} />
        </p>
      ))}
      {oldTokensUntil === null && <p>The previous tokens stopped working.</p>}
      {oldTokensUntil && (
        <p>
          The previous tokens keep working until{" "}
          <time dateTime={oldTokensUntil}>{utcMinute(new Date(oldTokensUntil))}</time>.
        </p>
      )}
      {demoFile === "updated" && <p>demo-credentials.json now holds these tokens.</p>}
      {demoFile === "stale" && (
        <p className="font-medium text-red-700">
          demo-credentials.json could not be updated: the tokens it lists for you are stale.
        </p>
      )}
    </div>
  );
}
