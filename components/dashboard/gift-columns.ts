// Shared by GiftTable (the server: each header's link) and GiftTableView (the client: the headers).
/** The columns, each with its ascending `sort` value (the headers link to the same values as the sort select). */
export const GIFT_COLUMNS: { label: string; sort: string; className?: string }[] = [
  { label: "Recipient", sort: "recipient" },
  { label: "Collection", sort: "collection" },
  { label: "Stage", sort: "stage" },
  { label: "Sent", sort: "sent" },
  { label: "Expires", sort: "expires" },
  { label: "Price", sort: "price", className: "text-right" },
];
