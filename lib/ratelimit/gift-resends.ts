/**
 * How often one gift's email may be sent again (`POST /gifts/:id/resend`): at most
 * RESENDS_PER_DAY in any 24 hours, and not twice within RESEND_GAP_SECONDS. Counted from the
 * gift's own `resent` events, in the resend's transaction with the gift row locked, not in the
 * shared counters of consume.ts: the count is then exact across instances, never lost when a
 * counter store is down, and a refused or rolled-back resend counts for nothing.
 */
export const RESENDS_PER_DAY = 3;
export const RESEND_GAP_SECONDS = 10 * 60;
const DAY_SECONDS = 24 * 60 * 60;

/** Seconds until another resend is allowed, given the times of this gift's earlier resends; 0 when it is allowed now. */
export function resendWaitSeconds(earlier: Date[], now: Date): number {
  const ago = (d: Date) => (now.getTime() - d.getTime()) / 1000;
  const recent = earlier.filter((d) => ago(d) < DAY_SECONDS).sort((a, b) => b.getTime() - a.getTime());
  const waits = [0];
  if (recent.length > 0) waits.push(RESEND_GAP_SECONDS - ago(recent[0]));
  if (recent.length >= RESENDS_PER_DAY) waits.push(DAY_SECONDS - ago(recent[RESENDS_PER_DAY - 1]));
  return Math.max(0, Math.ceil(Math.max(...waits)));
}
