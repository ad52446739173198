import { giftStageLabel } from "@/lib/dashboard";

const TONE: Record<string, string> = {
  scheduled: "bg-stone-100 text-stone-800",
  sent: "bg-sky-100 text-sky-900",
  opened: "bg-indigo-100 text-indigo-900",
  redeemed: "bg-emerald-100 text-emerald-900",
  shipped: "bg-emerald-100 text-emerald-900",
  delivered: "bg-emerald-200 text-emerald-950",
  cancelled: "bg-stone-200 text-stone-800",
  expired: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
  pending_approval: "bg-amber-50 text-amber-900 ring-1 ring-amber-300",
  rejected: "bg-stone-200 text-stone-800",
  declined: "bg-stone-200 text-stone-800",
  donated: "bg-teal-100 text-teal-900",
};

/** A gift's stage as a small coloured label (the word carries the meaning; colour only helps). */
export function StageBadge({ stage, deliveryMethod = "email" }: { stage: string; deliveryMethod?: string }) {
  return <span className={stageBadgeClass(stage)}>{giftStageLabel(stage, deliveryMethod)}</span>;
}

/** The badge's classes for a stage (the gift table's client component draws the same badge). */
export const stageBadgeClass = (stage: string) =>
  `inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONE[stage] ?? TONE.scheduled}`;
