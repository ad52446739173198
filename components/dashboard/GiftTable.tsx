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

/**
 * The gifts of the view: one table, drawn once. On a wide screen it is a table; on a phone CSS
 * stacks each row into a card (the header row hidden, the cells on a grid, the dates named), so
 * the page carries each gift once rather than a table and a list of cards (and the RSC payload
 * each twice again).
 */
export function GiftTable({ rows, giftHref, selectForm, picked, sort }: Props) {
  return (
    <div className="mt-6 md:overflow-x-auto md:rounded-xl md:border md:border-stone-200 md:bg-white">
      <table className="block w-full text-left text-sm md:table" data-testid="gift-table">
        <caption className="sr-only">Gifts</caption>
        <thead className="hidden border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wide text-stone-600 md:table-header-group">
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
        <tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-stone-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid="gift-row" className="gift-row">
              {selectForm && (
                <td className="row-span-2">
                  <Pick row={row} form={selectForm} picked={picked} />
                </td>
              )}
              <td>
                <Link href={giftHref(row.id)} className="font-medium text-stone-900 underline">
                  {recipient(row)}
                </Link>
                {row.email && row.recipientName && <span className="block text-stone-600">{row.email}</span>}
                {row.batch && <span className="block text-xs text-stone-600">Batch: {row.batch.name}</span>}
              </td>
              <td className="col-start-2 text-stone-700 md:text-inherit">{row.collection}</td>
              <td className="col-start-3 row-start-1 text-right md:text-left">
                <StageBadge stage={row.stage} />
                <DeliveryIssue row={row} />
              </td>
              <td className="col-start-2 text-xs text-stone-600 tabular-nums md:text-sm md:text-inherit">
                <span className="md:hidden">Sent </span>
                <Instant at={row.sentAt} />
              </td>
              <td className="col-start-2 text-xs text-stone-600 tabular-nums md:text-sm md:text-inherit">
                <span className="md:hidden">Expires </span>
                {day(row.expiresOn)}
              </td>
              <td className="col-start-3 row-start-2 text-right tabular-nums">${displayMoney(row.priceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
