import type { DashboardGiftRow } from "@/lib/dashboard";
import { displayMoney } from "@/lib/money";
import { formatDay, formatInZone, formatInZoneToSecond } from "@/lib/format/time-zone";
import { GIFT_COLUMNS } from "./gift-columns";
import { GiftTableView, type GiftTableRow } from "./GiftTableView";
import { VIEWER_ZONE } from "./Instant";
import { stageBadgeClass } from "./StageBadge";
import { giftStageLabel } from "@/lib/dashboard/stage-labels";

type Props = {
  rows: DashboardGiftRow[];
  giftHref: (id: string) => string;
  /** The id of the selection form the rows' checkboxes belong to (none: no checkboxes). */
  selectForm?: string;
  /** Every box ticked ("Select all on this page"). */
  picked?: boolean;
  /** The view's `sort` value, and the link to the view sorted by another (none: plain headers). */
  sort?: { current: string; href: (sort: string) => string };
};

const day = (date: Date | null) => (date ? formatDay(date) : "–");

/**
 * The gifts of the view. The words, links and dates are worked out here; a client component
 * draws the table from them, so each row's markup is in the HTML only and the RSC payload
 * carries the row's values (~0.3 KB) rather than its elements (~1.6 KB).
 */
export function GiftTable({ rows, giftHref, selectForm, picked, sort }: Props) {
  const view: GiftTableRow[] = rows.map((row) => ({
    id: row.id,
    href: giftHref(row.id),
    recipient: row.recipientName || row.email || "(no name)",
    email: row.email && row.recipientName ? row.email : null,
    batch: row.batch?.name ?? null,
    collection: row.collection,
    badge: { className: stageBadgeClass(row.stage), label: giftStageLabel(row.stage, row.deliveryMethod) },
    deliveryIssue: row.stage === "failed" ? row.deliveryIssue : null,
    // A link gift is never emailed: its "Sent" says so instead of a dash that never fills.
    notEmailed: row.deliveryMethod === "link",
    sent: row.sentAt && {
      dateTime: row.sentAt.toISOString(),
      title: formatInZoneToSecond(row.sentAt, VIEWER_ZONE),
      text: formatInZone(row.sentAt, VIEWER_ZONE),
    },
    expires: day(row.expiresOn),
    price: displayMoney(row.priceCents, row.currency),
  }));
  const headers =
    sort &&
    GIFT_COLUMNS.map((column) => {
      const ascending = sort.current === column.sort;
      const descending = sort.current === `-${column.sort}`;
      return {
        order: ascending ? ("ascending" as const) : descending ? ("descending" as const) : undefined,
        href: sort.href(ascending ? `-${column.sort}` : column.sort),
      };
    });
  return <GiftTableView rows={view} selectForm={selectForm} picked={picked} headers={headers} />;
}
