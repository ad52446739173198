import { formatMoney } from "@/lib/money";
import type { DashboardGiftRow } from "./gifts";

/** The dashboard's CSV export: one row per gift of the view, in the table's order. */
export const EXPORT_COLUMNS = [
  "id",
  "recipient_name",
  "email",
  "delivery_method",
  "collection",
  "stage",
  "sent_by",
  "batch_id",
  "batch_name",
  "created_at",
  "sent_at",
  "expires_on",
  "price",
  "currency",
] as const;

const iso = (date: Date | null) => (date ? date.toISOString() : "");

export function exportRow(row: DashboardGiftRow): string[] {
  return [
    row.id,
    row.recipientName,
    row.email ?? "",
    row.deliveryMethod,
    row.collection,
    row.stage,
    row.senderName,
    row.batch?.id ?? "",
    row.batch?.name ?? "",
    iso(row.createdAt),
    iso(row.sentAt),
    row.expiresOn ? row.expiresOn.toISOString().slice(0, 10) : "",
    formatMoney(row.priceCents, row.currency),
    row.currency,
  ];
}
