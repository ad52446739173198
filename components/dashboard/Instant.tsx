import { formatInZone, formatInZoneToSecond } from "@/lib/format/time-zone";

/**
 * The zone the dashboard shows instants in. The server doesn't know the viewer's zone (no
 * setting holds it, and a page must read the same without JavaScript), so it is UTC, named.
 */
export const VIEWER_ZONE = "UTC";

type Props = { at: Date | null; className?: string; testId?: string };

/** An instant to the minute with its zone named; the full time to the second on hover (title). */
export function Instant({ at, className, testId }: Props) {
  if (!at) return <span className={className}>–</span>;
  return (
    <time
      dateTime={at.toISOString()}
      title={formatInZoneToSecond(at, VIEWER_ZONE)}
      className={className}
      data-testid={testId}
    >
      {formatInZone(at, VIEWER_ZONE)}
    </time>
  );
}
