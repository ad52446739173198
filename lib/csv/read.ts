/** A file Ribbon won't read as CSV, with the sentence to show the person who sent it. */
export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvError";
  }
}

/** The longest first line (the header row) a file may have, in bytes. */
export const MAX_HEADER_BYTES = 64 * 1024;

export type CsvLimits = {
  /** Most bytes a file may have. */
  maxBytes: number;
  /** Most data rows (the header not counted; empty rows not counted). */
  maxRows: number;
  /** Most empty rows (every cell blank) a file may have besides: reading stops past either bound. */
  maxBlankRows: number;
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

/** Where a file stops being CSV: what to say, and the line (1-based, as an editor counts) it was found on. */
class Malformed extends Error {
  constructor(
    readonly why: string,
    readonly line: number,
  ) {
    super(why);
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

const UNCLOSED = 'a quoted cell is never closed: a " is missing';
const STRAY_QUOTE =
  'a cell has a " in it but is not quoted as a whole: put the cell in quotes and write each " inside it as ""';

/**
 * The records of a CSV text as RFC 4180 reads them (commas; cells quoted with ", "" inside
 * quotes; records apart by CRLF, LF or CR, even mixed), handed to `record` one by one with the
 * line each starts on. One pass, constant work per character, no exception per record: a short
 * or empty record is just a short array. `record` throws to stop reading there (a bound
 * reached), so a file never costs more than what is kept of it.
 */
function eachRecord(text: string, record: (cells: string[], line: number) => void): void {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const end = text.length;
  let line = 1;
  while (i < end) {
    const startLine = line;
    const cells: string[] = [];
    // One record: cells until an unquoted line break or the end.
    for (;;) {
      if (text.charCodeAt(i) === QUOTE) {
        const openedOn = line;
        let cell = "";
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q === -1) throw new Malformed(UNCLOSED, openedOn);
          // Count the line breaks inside the quotes, so later lines are named right.
          for (let k = from; k < q; k++) {
            const c = text.charCodeAt(k);
            if (c === LF || (c === CR && text.charCodeAt(k + 1) !== LF)) line++;
          }
          cell += text.slice(from, q);
          if (text.charCodeAt(q + 1) === QUOTE) {
            cell += '"';
            from = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        const next = text.charCodeAt(i);
        if (i < end && next !== COMMA && next !== LF && next !== CR) throw new Malformed(STRAY_QUOTE, line);
        cells.push(cell);
      } else {
        let j = i;
        for (; j < end; j++) {
          const c = text.charCodeAt(j);
          if (c === COMMA || c === LF || c === CR) break;
          if (c === QUOTE) throw new Malformed(STRAY_QUOTE, line);
        }
        cells.push(text.slice(i, j));
        i = j;
      }
      if (i < end && text.charCodeAt(i) === COMMA) {
        i++;
        // A comma at the very end still ends a cell: the empty one after it.
        if (i === end) cells.push("");
        else continue;
      }
      break;
    }
    // The record's line break (CRLF, LF or CR), if any.
    if (i < end) {
      i += text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
    }
    record(cells, startLine);
  }
}

/**
 * Reads a CSV file's bytes into a header and rows, refusing what isn't a sensible CSV file
 * (CsvError with the reason): too large, binary, empty, too many columns or rows, broken quoting.
 * Quoting (commas, quotes and line breaks inside quotes) is RFC 4180's. Rows whose cells are all
 * empty are skipped (up to `maxBlankRows` of them), but numbers stay as a spreadsheet shows them.
 * The work is bounded by what is kept: reading stops at the first row past `maxRows` (or the first
 * blank one past `maxBlankRows`), and a row may have no more cells than the header may.
 */
export function readCsv(bytes: Uint8Array, limits: CsvLimits): CsvTable {
  if (bytes.length > limits.maxBytes)
    throw new CsvError(
      `The file is ${formatSize(bytes.length)}: the most Ribbon reads is ${formatSize(limits.maxBytes)}. Split it into smaller files.`,
    );
  // A header row is a few hundred bytes: a first line longer than any could be is refused before
  // the file is decoded or parsed (a 5 MB "header cell" costs nothing).
  const firstLineEnd = bytes.subarray(0, MAX_HEADER_BYTES + 1).findIndex((b) => b === 0x0a || b === 0x0d);
  if (bytes.length > MAX_HEADER_BYTES && (firstLineEnd === -1 || firstLineEnd > MAX_HEADER_BYTES))
    throw new CsvError(
      `The first line is longer than ${formatSize(MAX_HEADER_BYTES)}: it can't be a header row. Start the file with the template's header.`,
    );
  const { text, encoding } = decodeCsvText(bytes);
  if (text.replace(/^\uFEFF/, "").trim() === "") throw new CsvError("The file is empty: it has no header row.");

  let header: string[] | undefined;
  const rows: CsvRow[] = [];
  let blank = 0;
  let row = 0;
  try {
    eachRecord(text, (cells, line) => {
      row++;
      if (header === undefined) {
        if (cells.length > limits.maxColumns)
          throw new CsvError(
            `The header has ${formatCount(cells.length)} columns: the most is ${limits.maxColumns}. Use the template's columns.`,
          );
        header = cells;
        return;
      }
      if (cells.length > limits.maxColumns)
        throw new CsvError(
          `Row ${formatCount(row)} (line ${formatCount(line)}) has ${formatCount(cells.length)} cells: the most is ${limits.maxColumns}. Remove the cells past the header's columns.`,
        );
      if (cells.every((cell) => cell.trim() === "")) {
        if (++blank > limits.maxBlankRows)
          throw new CsvError(
            `The file has more than ${formatCount(limits.maxBlankRows)} empty rows: remove them and upload it again.`,
          );
        return;
      }
      if (rows.length === limits.maxRows)
        throw new CsvError(
          `The file has more than ${formatCount(limits.maxRows)} rows: the most is ${formatCount(limits.maxRows)}. Split it into smaller files.`,
        );
      // A short row is padded to the header's width: every reader sees every column.
      while (cells.length < header.length) cells.push("");
      rows.push({ row, cells });
    });
  } catch (error) {
    if (!(error instanceof Malformed)) throw error;
    throw new CsvError(`The file can't be read as CSV (near line ${error.line}): ${error.why}.`);
  }

  if (!header || header.every((cell) => cell.trim() === ""))
    throw new CsvError("The first row is empty: it must be the header row (name, email, …).");
  if (rows.length === 0) throw new CsvError("The file has a header row but no rows of gifts.");
  return { header, rows, encoding };
}
