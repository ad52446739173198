import { XMLParser } from "fast-xml-parser";
import { parseCalendarDate } from "@/lib/format/calendar-date";
import { currencyCode, parseRate } from "@/lib/money";

/** The largest reference-rate document read (the ECB's daily file is ~1.6 KB; its 90-day file ~30 KB). */
export const MAX_RATES_BYTES = 64 * 1024;
/** The most currencies one day may list (the ECB lists ~30). */
const MAX_CURRENCIES = 200;

/** One day of reference rates: `rate` units of `currency` per euro, exact decimal strings. */
export type DayOfRates = {
  date: string;
  rates: { currency: string; rate: string }[];
  /** Codes the day lists that ISO 4217 no longer has (not stored). */
  skipped: string[];
};

/** Why a reference-rate document was refused: nothing of it is stored. */
export class RatesDocumentError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  parseAttributeValue: false, // rates stay strings: never a float
  parseTagValue: false,
  processEntities: false, // no entity expansion (billion laughs)
  isArray: (name) => name === "Cube",
});

const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null) : [];

/**
 * The ECB's eurofxref-daily.xml (Envelope › Cube › Cube[time] › Cube[currency, rate]): the newest
 * day it lists, every rate checked (a three-letter code, once; a positive decimal), the euro
 * added at 1; a code ISO 4217 no longer lists is left out (`skipped`). Refuses anything else whole
 * (RatesDocumentError): too large, not XML, no day, a bad date, a zero, negative or non-decimal
 * rate, a currency twice.
 */
export function parseEcbDaily(xml: string): DayOfRates {
  if (Buffer.byteLength(xml, "utf8") > MAX_RATES_BYTES)
    throw new RatesDocumentError(`The rates document is larger than ${MAX_RATES_BYTES} bytes.`);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new RatesDocumentError("The rates document declares a DTD or entities.");
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml, true) as Record<string, unknown>;
  } catch (error) {
    throw new RatesDocumentError(`The rates document is not well-formed XML: ${(error as Error).message}`);
  }
  const envelope = doc.Envelope as Record<string, unknown> | undefined;
  const days = list(list(envelope?.Cube)[0]?.Cube)
    .filter((d) => typeof d.time === "string")
    .sort((a, b) => String(b.time).localeCompare(String(a.time)));
  const day = days[0];
  if (!day) throw new RatesDocumentError("The rates document lists no day of rates (Envelope › Cube › Cube[time]).");
  const date = parseCalendarDate(String(day.time));
  if (!date) throw new RatesDocumentError(`The rates document's day ${JSON.stringify(day.time)} is not a date.`);
  const entries = list(day.Cube);
  if (entries.length === 0 || entries.length > MAX_CURRENCIES)
    throw new RatesDocumentError(`The rates document lists ${entries.length} currencies for ${date}.`);
  const seen = new Set<string>(["EUR"]);
  const skipped: string[] = [];
  const rates = [{ currency: "EUR", rate: "1" }];
  for (const entry of entries) {
    if (typeof entry.currency !== "string" || !/^[A-Z]{3}$/.test(entry.currency))
      throw new RatesDocumentError(`${JSON.stringify(entry.currency)} in the rates document is not a currency code.`);
    const currency = currencyCode(entry.currency);
    // A code ISO 4217 no longer lists (the ECB's older days list HRK, the kuna, withdrawn in 2023): left out.
    if (!currency) {
      skipped.push(entry.currency);
      continue;
    }
    if (seen.has(currency)) throw new RatesDocumentError(`${currency} is listed twice in the rates document.`);
    if (typeof entry.rate !== "string" || !parseRate(entry.rate))
      throw new RatesDocumentError(`${currency}'s rate ${JSON.stringify(entry.rate)} is not a positive decimal.`);
    seen.add(currency);
    rates.push({ currency, rate: entry.rate.trim() });
  }
  if (rates.length < 2) throw new RatesDocumentError(`The rates document lists no currency Ribbon knows for ${date}.`);
  return { date, rates, skipped };
}
