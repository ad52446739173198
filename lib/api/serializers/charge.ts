import type { LedgerItem } from "@/lib/billing";
import { CHARGE_CSV_COLUMNS, chargeCsvRow, serializeCharge } from "@/lib/representations/charge";
import { csvResponse } from "@/lib/csv/write";
import type { PageLinks } from "../pagination";

/** `GET /charges`: one page of the team's ledger items. */
export function chargeListDocument(items: LedgerItem[], links: PageLinks) {
  return { data: items.map(serializeCharge), links };
}

/** `GET /charges.csv`: the whole (filtered) ledger as CSV, streamed a page at a time. */
export function chargeCsvResponse(pages: AsyncIterable<LedgerItem[]>, teamId: string): Response {
  return csvResponse(CHARGE_CSV_COLUMNS, pages, chargeCsvRow, `ribbon-charges-${teamId}.csv`);
}
