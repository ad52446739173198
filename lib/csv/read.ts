import { parse } from "csv-parse/sync";

/** A file Ribbon won't read as CSV, with the sentence to show the person who sent it. */
export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvError";
  }
}

export type CsvLimits = {
  /** Most bytes a file may have. */
  maxBytes: number;
  /** Most data rows (the header not counted; empty rows not counted). */
  maxRows: number;
  /** Most columns the header may have. */
  maxColumns: number;
};

/** One data row: its cells and its number as a spreadsheet shows it (the header is row 1). */
export type CsvRow = { row: number; cells: string[] };

export type CsvTable = {
  header: string[];
  rows: CsvRow[];
  /** How the bytes were read: UTF-8 (with or without a BOM), or Latin-1 (as windows-1252). */
  encoding: "utf-8" | "latin-1";
};

const formatCount = (n: number) => n.toLocaleString("en-US");
const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${Math.round(bytes / 1024)} KB`;

const NOT_CSV = "This is not a CSV file. Save the spreadsheet as CSV (comma-separated values) and upload that.";

// Bytes no text file has: NUL and the C0 controls other than tab, LF, CR (and FF, which some exports keep).
const isControlByte = (b: number) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c;
// Bytes windows-1252 leaves undefined: in a file that isn't UTF-8 they mean it isn't Latin-1 text either.
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * The file's text: UTF-8 (a BOM is dropped), else Latin-1 read as windows-1252 (what Excel
 * writes on Windows), else CsvError. Any NUL byte means a binary file, whatever else it holds.
 */
export function decodeCsvText(bytes: Uint8Array): { text: string; encoding: "utf-8" | "latin-1" } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new CsvError("This file is UTF-16 text. Save it as “CSV UTF-8” and upload that.");
  if (bytes.includes(0)) throw new CsvError(NOT_CSV);
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: "utf-8" };
  } catch {
    // Not UTF-8: Latin-1 text, or binary.
  }
  for (const b of bytes) if (isControlByte(b) || UNDEFINED_1252.has(b)) throw new CsvError(NOT_CSV);
  return { text: decodeWindows1252(bytes), encoding: "latin-1" };
}

// windows-1252's 0x80–0x9F (Node's TextDecoder reads them as ISO-8859-1's C1 controls); the rest is Latin-1.
const CP1252_HIGH =
  "\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F" +
  "\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  const chars: string[] = [];
  for (const b of bytes) chars.push(b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b));
  return chars.join("");
}

const parseRecords = (text: string, options: { to?: number } = {}): string[][] =>
  parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    // Spreadsheets write CRLF, some tools LF, old Macs CR; a file may even mix them.
    record_delimiter: ["\r\n", "\n", "\r"],
    // One record may not hold more than the whole file allows anyway; this bounds the parser's buffer.
    max_record_size: 5 * 1024 * 1024,
    ...options,
  }) as string[][];

/**
 * Reads a CSV file's bytes into a header and rows, refusing what isn't a sensible CSV file
 * (CsvError with the reason): too large, binary, empty, too many columns or rows. Quoting
 * (commas, quotes and line breaks inside quotes) is csv-parse's (RFC 4180). Rows whose cells
 * are all empty are skipped, but numbers stay as a spreadsheet shows them.
 */
export function readCsv(bytes: Uint8Array, limits: CsvLimits): CsvTable {
  if (bytes.length > limits.maxBytes)
    throw new CsvError(
      `The file is ${formatSize(bytes.length)}: the most Ribbon reads is ${formatSize(limits.maxBytes)}. Split it into smaller files.`,
    );
  const { text, encoding } = decodeCsvText(bytes);
  if (text.replace(/^\uFEFF/, "").trim() === "") throw new CsvError("The file is empty: it has no header row.");

  let records: string[][];
  try {
    // The header first: a file of a million columns is refused before all of it is parsed.
    const [header] = parseRecords(text, { to: 1 });
    if (header && header.length > limits.maxColumns)
      throw new CsvError(
        `The header has ${formatCount(header.length)} columns: the most is ${limits.maxColumns}. Use the template's columns.`,
      );
    records = parseRecords(text);
  } catch (error) {
    if (error instanceof CsvError) throw error;
    const { code, lines } = error as { code?: string; lines?: number };
    const where = lines ? ` (near line ${lines})` : "";
    const why =
      code === "CSV_QUOTE_NOT_CLOSED"
        ? 'a quoted cell is never closed: a " is missing'
        : code === "INVALID_OPENING_QUOTE" || code === "CSV_INVALID_CLOSING_QUOTE"
          ? 'a cell has a " in it but is not quoted as a whole: put the cell in quotes and write each " inside it as ""'
          : error instanceof Error
            ? error.message
            : String(error);
    throw new CsvError(`The file can't be read as CSV${where}: ${why}.`);
  }

  const [header, ...data] = records;
  if (!header || header.every((cell) => cell.trim() === ""))
    throw new CsvError("The first row is empty: it must be the header row (name, email, …).");
  const rows: CsvRow[] = [];
  data.forEach((cells, i) => {
    if (cells.some((cell) => cell.trim() !== "")) rows.push({ row: i + 2, cells });
  });
  if (rows.length === 0) throw new CsvError("The file has a header row but no rows of gifts.");
  if (rows.length > limits.maxRows)
    throw new CsvError(
      `The file has ${formatCount(rows.length)} rows: the most is ${formatCount(limits.maxRows)}. Split it into smaller files.`,
    );
  return { header, rows, encoding };
}
