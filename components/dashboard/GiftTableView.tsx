"use client";
// A client component for its markup's sake: the HTML carries that markup, the RSC payload only the props.

import Link from "next/link";
import { GIFT_COLUMNS } from "./gift-columns";

/** A gift as the table shows it, every word and link worked out by GiftTable on the server. */
export type GiftTableRow = {
  id: string;
  href: string;
  recipient: string;
  /** Shown under the name when the gift has both. */
  email: string | null;
  batch: string | null;
  collection: string;
  badge: { className: string; label: string };
  /** A failed gift whose email bounced says so in the list ("Bounced: mailbox does not exist"). */
  deliveryIssue: string | null;
  /** In VIEWER_ZONE (components/dashboard/Instant), to the minute; the title to the second. */
  sent: { dateTime: string; title: string; text: string } | null;
  /** A link gift: shared by the sender, never emailed. */
  notEmailed: boolean;
  expires: string;
  price: string;
};

type Header = { order?: "ascending" | "descending"; href: string };

type Props = {
  rows: GiftTableRow[];
  selectForm?: string;
  picked?: boolean;
  /** Each column's sort state and the link that sorts by it, in GIFT_COLUMNS' order (none: plain headers). */
  headers?: Header[];
};

function ColumnHeader({ column, header }: { column: (typeof GIFT_COLUMNS)[number]; header?: Header }) {
  const className = `px-3 py-2 ${column.className ?? ""}`;
  if (!header) {
    return (
      <th scope="col" className={className}>
        {column.label}
      </th>
    );
  }
  const ascending = header.order === "ascending";
  const descending = header.order === "descending";
  return (
    <th scope="col" className={className} aria-sort={header.order}>
      <a href={header.href} className="underline">
        {column.label}
        <span aria-hidden="true">{ascending ? " ▲" : descending ? " ▼" : ""}</span>
        <span className="sr-only">{ascending ? ", sort descending" : ", sort ascending"}</span>
      </a>
    </th>
  );
}

/**
 * The gifts of the view: one table, drawn once. On a wide screen it is a table; on a phone CSS
 * stacks each row into a card (the header row hidden, the cells on a grid, the dates named), so
 * the page carries each gift once rather than a table and a list of cards.
 */
export function GiftTableView({ rows, selectForm, picked, headers }: Props) {
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
            {GIFT_COLUMNS.map((column, i) => (
              <ColumnHeader key={column.label} column={column} header={headers?.[i]} />
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-stone-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid="gift-row" className="gift-row">
              {selectForm && (
                <td className="row-span-2">
                  <input
                    type="checkbox"
                    name="gift"
                    value={row.id}
                    form={selectForm}
                    defaultChecked={picked}
                    aria-label={`Select ${row.recipient}`}
                    data-testid="select-gift"
                    className="h-5 w-5"
                  />
                </td>
              )}
              <td>
                <Link href={row.href} className="font-medium text-stone-900 underline">
                  {row.recipient}
                </Link>
                {row.email && <span className="block text-stone-600">{row.email}</span>}
                {row.batch && <span className="block text-xs text-stone-600">Batch: {row.batch}</span>}
              </td>
              <td className="col-start-2 text-stone-700 md:text-inherit">{row.collection}</td>
              <td className="col-start-3 row-start-1 text-right md:text-left">
                <span className={row.badge.className}>{row.badge.label}</span>
                {row.deliveryIssue ? (
                  <span className="mt-1 block text-xs text-red-800" data-testid="delivery-issue">
                    {row.deliveryIssue}
                  </span>
                ) : null}
              </td>
              <td className="col-start-2 text-xs text-stone-600 tabular-nums md:text-sm md:text-inherit">
                <span className="md:hidden">Sent </span>
                {row.sent ? (
                  <time dateTime={row.sent.dateTime} title={row.sent.title}>
                    {row.sent.text}
                  </time>
                ) : row.notEmailed ? (
                  <span>Link, not emailed</span>
                ) : (
                  <span>–</span>
                )}
              </td>
              <td className="col-start-2 text-xs text-stone-600 tabular-nums md:text-sm md:text-inherit">
                <span className="md:hidden">Expires </span>
                {row.expires}
              </td>
              <td className="col-start-3 row-start-2 text-right tabular-nums">{row.price}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
