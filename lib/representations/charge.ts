import type { LedgerItem } from "@/lib/billing";
import { formatMoney } from "@/lib/money";
import type { ResourceObject } from "./resource";

/**
 * A credential's one unambiguous key: `tok_<id>` for a developer token, `oat_<id>` for an OAuth
 * access token (ids alone collide: token 1 and OAuth token 1 are two credentials).
 */
export const credentialKey = (via: "token" | "oauth", id: number) => `${via === "token" ? "tok" : "oat"}_${id}`;

const credentialOf = (item: LedgerItem) =>
  item.causedBy?.credentialId != null && (item.causedBy.via === "token" || item.causedBy.via === "oauth")
    ? credentialKey(item.causedBy.via, item.causedBy.credentialId)
    : null;

/**
 * One line of the team's charges (lib/billing/ledger.ts): a charge's share for one gift, or a
 * refund. `amount` is negative for refunds; the items of one `charge` add up to that ledger
 * entry's amount.
 */
export function serializeCharge(item: LedgerItem): ResourceObject {
  return {
    type: "charges",
    id: item.id,
    attributes: {
      kind: item.kind,
      amount: formatMoney(item.amountCents, item.currency),
      currency: item.currency,
      description: item.description,
      gift: item.giftId,
      batch: item.batch,
      charge: String(item.chargeId),
      "refund-of": item.refundOfId === null ? null : String(item.refundOfId),
      "caused-by": item.causedBy && {
        via: item.causedBy.via,
        credential: credentialOf(item),
        // Kept for clients written before `credential`: unique only together with `via`.
        "credential-id": item.causedBy.credentialId === null ? null : String(item.causedBy.credentialId),
        user: item.causedBy.userId,
      },
      "created-at": item.createdAt.toISOString(),
      // A charge converted from the collection's currency: its parts and the rate (docs/international.md).
      conversion: item.conversion && {
        from: item.conversion.sourceCurrency,
        "product-maximum": formatMoney(item.conversion.sourcePriceMinor, item.conversion.sourceCurrency),
        shipping: formatMoney(item.conversion.sourceShippingMinor, item.conversion.sourceCurrency),
        rate: item.conversion.rate,
        "rate-date": item.conversion.rateDate.toISOString().slice(0, 10),
        "rate-source": item.conversion.rateSource,
        quote: item.conversion.quoteId,
      },
      // What the gift pays on arrival, among `amount` (docs/international.md, "The landed cost").
      duties: item.importCharges && formatMoney(item.importCharges.dutiesMinor, item.currency),
      taxes: item.importCharges && formatMoney(item.importCharges.taxesMinor, item.currency),
    },
  };
}

/**
 * The columns of the charges CSV export, in order. Columns are only ever added at the end (imports
 * that read by position keep working): the landed cost's and the conversion's came last.
 */
export const CHARGE_CSV_COLUMNS = [
  "id",
  "kind",
  "amount",
  "currency",
  "created_at",
  "gift",
  "batch_id",
  "batch_name",
  "charge",
  "description",
  "actor_via",
  "credential_id",
  "credential",
  "duties",
  "taxes",
  "conversion_from",
  "conversion_product_maximum",
  "conversion_shipping",
  "conversion_rate",
  "conversion_rate_date",
  "conversion_rate_source",
  "conversion_quote",
] as const;

/** One row of the CSV export: the same item as serializeCharge, its cells in CHARGE_CSV_COLUMNS order. */
export function chargeCsvRow(item: LedgerItem): string[] {
  const credentialId = item.causedBy?.credentialId ?? null;
  return [
    item.id,
    item.kind,
    formatMoney(item.amountCents, item.currency),
    item.currency,
    item.createdAt.toISOString(),
    item.giftId ?? "",
    item.batch?.id ?? "",
    item.batch?.name ?? "",
    String(item.chargeId),
    item.description,
    item.causedBy?.via ?? "",
    credentialId === null ? "" : String(credentialId),
    credentialOf(item) ?? "",
    item.importCharges ? formatMoney(item.importCharges.dutiesMinor, item.currency) : "",
    item.importCharges ? formatMoney(item.importCharges.taxesMinor, item.currency) : "",
    ...conversionCells(item.conversion),
  ];
}

function conversionCells(c: LedgerItem["conversion"]): string[] {
  if (!c) return ["", "", "", "", "", "", ""];
  return [
    c.sourceCurrency,
    formatMoney(c.sourcePriceMinor, c.sourceCurrency),
    formatMoney(c.sourceShippingMinor, c.sourceCurrency),
    c.rate,
    c.rateDate.toISOString().slice(0, 10),
    c.rateSource,
    c.quoteId ?? "",
  ];
}
