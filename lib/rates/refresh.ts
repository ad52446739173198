import type { PrismaClient } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { MAX_RATES_BYTES, parseEcbDaily, RatesDocumentError } from "./ecb";

/** How long a refresh waits for the rates source, headers and body together. */
export const RATES_FETCH_TIMEOUT_MS = 10_000;

export type RefreshResult = { fetched: number; stored: number };

/** Reads at most MAX_RATES_BYTES of a response's body; refuses a longer one (RatesDocumentError). */
async function boundedText(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > MAX_RATES_BYTES) throw new RatesDocumentError(`The rates source sent ${declared} bytes.`);
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RATES_BYTES) {
      await reader.cancel();
      throw new RatesDocumentError(`The rates source sent more than ${MAX_RATES_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
}

/**
 * The `refresh-exchange-rates` job's work: fetch the day's reference rates from `url` (the ECB's
 * eurofxref-daily.xml format), bounded in size and time, check every rate (lib/rates/ecb.ts), and
 * store the day under the URL as its source, all or nothing (a day already stored is kept as it
 * was: rates of a day never change). No URL: nothing is fetched (the embedded default and the
 * tests run on the shipped snapshot). A refused document or a failed fetch throws; the job's
 * runner logs it and the table stays as it was.
 */
export async function refreshExchangeRates(
  db: PrismaClient,
  options: { url: string | undefined; timeoutMs?: number },
): Promise<RefreshResult> {
  if (!options.url) return { fetched: 0, stored: 0 };
  const response = await fetch(options.url, {
    signal: AbortSignal.timeout(options.timeoutMs ?? RATES_FETCH_TIMEOUT_MS),
    redirect: "error",
    headers: { accept: "application/xml, text/xml" },
  });
  if (!response.ok) throw new RatesDocumentError(`The rates source answered ${response.status}.`);
  const day = parseEcbDaily(await boundedText(response));
  const stored = await queryRows<{ id: number }>(
    db,
    Prisma.sql`
      INSERT INTO "ExchangeRate" ("source", "base", "currency", "rate", "date")
      SELECT ${options.url}, 'EUR', r."currency", r."rate", ${day.date}::date
      FROM json_to_recordset(${JSON.stringify(day.rates)}::json) AS r("currency" text, "rate" text)
      ON CONFLICT ("source", "date", "currency") DO NOTHING
      RETURNING "id"`,
  );
  return { fetched: day.rates.length, stored: stored.length };
}
