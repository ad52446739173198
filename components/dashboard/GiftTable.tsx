import Link from "next/link";
import type { DashboardGiftRow } from "@/lib/dashboard";
import { displayMoney } from "@/lib/money";
import { Instant } from "./Instant";
import { StageBadge } from "./StageBadge";

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

/** The sortable headers, each with its ascending `sort` value. */
const COLUMNS: { label: string; sort?: string; className?: string }[] = [
  { label: "Recipient", sort: "recipient" },
  { label: "Collection", sort: "collection" },
  { label: "Stage", sort: "stage" },
  { label: "Sent", sort: "sent" },
  { label: "Expires", sort: "expires" },
  { label: "Price", sort: "price", className: "text-right" },
];

function Header({ column, sort }: { column: (typeof COLUMNS)[number]; sort: Props["sort"] }) {
  const className = `px-3 py-2 ${column.className ?? ""}`;
  if (!column.sort || !sort) {
    return (
      <th scope="col" className={className}>
        {column.label}
      </th>
    );
  }
  const ascending = sort.current === column.sort;
  const descending = sort.current === `-${column.sort}`;
  return (
    <th scope="col" className={className} aria-sort={ascending ? "ascending" : descending ? "descending" : undefined}>
      <a href={sort.href(ascending ? `-${column.sort}` : column.sort)} className="underline">
        {column.label}
        <span aria-hidden="true">{ascending ? " ▲" : descending ? " ▼" : ""}</span>
        <span className="sr-only">{ascending ? ", sort descending" : ", sort ascending"}</span>
      </a>
    </th>
  );
}

function Pick({ row, form, picked }: { row: DashboardGiftRow; form: string; picked?: boolean }) {
  return (
    <input
      type="checkbox"
      name="gift"
      value={row.id}
      form={form}
      defaultChecked={picked}
      aria-label={`Select ${recipient(row)}`}
      data-testid="select-gift"
      className="h-5 w-5"
    />
  );
}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : "–");
const recipient = (row: DashboardGiftRow) => row.recipientName || row.email || "(no name)";

/** The gifts of the view: a table on wide screens, a list of cards on a phone. */
export function GiftTable({ rows, giftHref, selectForm, picked, sort }: Props) {
  return (
    <>
      <div className="mt-6 hidden overflow-x-auto rounded-xl border border-stone-200 bg-white md:block">
        <table className="w-full text-left text-sm" data-testid="gift-table">
          <caption className="sr-only">Gifts</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wide text-stone-600">
            <tr>
              {selectForm && (
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Select</span>
                </th>
              )}
              {COLUMNS.map((column) => (
                <Header key={column.label} column={column} sort={sort} />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid="gift-row">
                {selectForm && (
                  <td className="px-3 py-2">
                    <Pick row={row} form={selectForm} picked={picked} />
                  </td>
                )}
                <td className="px-3 py-2">
                  <Link href={giftHref(row.id)} className="font-medium text-stone-900 underline">
                    {recipient(row)}
                  </Link>
                  {row.email && row.recipientName && <span className="block text-stone-600">{row.email}</span>}
                  {row.batch && <span className="block text-xs text-stone-600">Batch: {row.batch.name}</span>}
                </td>
                <td className="px-3 py-2">{row.collection}</td>
                <td className="px-3 py-2">
                  <StageBadge stage={row.stage} />
                  <DeliveryIssue row={row} />
                </td>
                <td className="px-3 py-2 tabular-nums">
                  <Instant at={row.sentAt} />
                </td>
                <td className="px-3 py-2 tabular-nums">{day(row.expiresOn)}</td>
                <td className="px-3 py-2 text-right tabular-nums">${displayMoney(row.priceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-6 space-y-3 md:hidden" data-testid="gift-cards">
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl border border-stone-200 bg-white p-4" data-testid="gift-card">
            <div className="flex items-start justify-between gap-3">
              {selectForm && <Pick row={row} form={selectForm} picked={picked} />}
              <Link href={giftHref(row.id)} className="font-medium text-stone-900 underline">
                {recipient(row)}
              </Link>
              <div className="text-right">
                <StageBadge stage={row.stage} />
                <DeliveryIssue row={row} />
              </div>
            </div>
            <p className="mt-1 text-sm text-stone-700">
              {row.collection} · ${displayMoney(row.priceCents)}
            </p>
            <p className="mt-1 text-xs text-stone-600">
              Sent <Instant at={row.sentAt} /> · Expires {day(row.expiresOn)}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A failed gift whose email bounced says so in the list ("Bounced: mailbox does not exist"): its page corrects the address. */
function DeliveryIssue({ row }: { row: DashboardGiftRow }) {
  if (row.stage !== "failed" || !row.deliveryIssue) return null;
  return (
    <span className="mt-1 block text-xs text-red-800" data-testid="delivery-issue">
      {row.deliveryIssue}
    </span>
  );
}
