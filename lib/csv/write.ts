export const CSV = "text/csv; charset=utf-8";

/** A cell a spreadsheet would read as a formula (or as the start of one, after a tab or CR). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A plain decimal number, like an amount ("-25.00") or an id: never a formula, kept as it is. */
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * A cell as a spreadsheet may safely open it (OWASP "CSV injection"): text beginning with
 * = + - @, a tab or a CR (or their full-width forms) gets a leading single quote, so Excel,
 * Sheets and Numbers show it as text instead of running it. Plain numbers stay numbers, so a
 * refund's "-25.00" still adds up.
 */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/** A cell RFC 4180 must quote: one holding a comma, a double quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as CSV: neutralised, then quoted (its quotes doubled) when it must be. */
function csvCell(value: string): string {
  const safe = neutralizeCell(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Rows as CSV text (RFC 4180: CRLF line ends, quotes only where needed), every cell neutralised.
 * Written here rather than with csv-stringify: its per-cell options cost ~18 µs a row, most of an
 * export's time once the database hands over 20,000 rows a second.
 */
export function csvLines(rows: string[][]): string {
  let text = "";
  for (const row of rows) text += `${row.map(csvCell).join(",")}\r\n`;
  return text;
}

/**
 * A CSV response streamed as it is read: the header row, then each batch of rows as the
 * source yields it (a batch is one statement's page, so memory stays flat however long the
 * export). `filename` names the download.
 */
export function csvResponse<T>(
  columns: readonly string[],
  batches: AsyncIterable<T[]>,
  toRow: (item: T) => string[],
  filename: string,
): Response {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLines([[...columns]])));
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLines(next.value.map(toRow))));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": CSV,
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
    },
  });
}
