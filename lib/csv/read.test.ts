import { describe, expect, it } from "vitest";
import { CsvError, decodeCsvText, readCsv } from "./read";

const limits = { maxBytes: 5 * 1024 * 1024, maxRows: 10_000, maxBlankRows: 10_000, maxColumns: 50 };
const bytes = (text: string) => new TextEncoder().encode(text);
const read = (input: string | Uint8Array) => readCsv(typeof input === "string" ? bytes(input) : input, limits);
const refusal = (input: string | Uint8Array) => {
  try {
    read(input);
  } catch (error) {
    expect(error).toBeInstanceOf(CsvError);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
};

describe("reading a CSV file", () => {
  it("reads a header and rows, numbering rows as a spreadsheet does (header = row 1)", () => {
    const table = read("name,email\nAda,ada@example.test\nGrace,grace@example.test\n");
    expect(table.header).toEqual(["name", "email"]);
    expect(table.rows).toEqual([
      { row: 2, cells: ["Ada", "ada@example.test"] },
      { row: 3, cells: ["Grace", "grace@example.test"] },
    ]);
    expect(table.encoding).toBe("utf-8");
  });

  it("drops a UTF-8 BOM", () => {
    const table = read(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes("name,email\nAda,a@x.test\n")]));
    expect(table.header).toEqual(["name", "email"]);
    expect(table.encoding).toBe("utf-8");
  });

  it("reads Latin-1 (invalid UTF-8) as windows-1252 and says so", () => {
    // "Zoë" and "€" in windows-1252: 0xEB and 0x80.
    const table = read(new Uint8Array([...bytes("name,message\nZo"), 0xeb, ...bytes(",5 "), 0x80, 0x0a]));
    expect(table.encoding).toBe("latin-1");
    expect(table.rows[0].cells).toEqual(["Zoë", "5 €"]);
  });

  it("keeps commas, quotes and line breaks inside quoted cells, numbering rows by record", () => {
    const table = read('name,message\n"Lovelace, Ada","Thank you,\nreally ""truly"""\r\nGrace,Hi\n');
    expect(table.rows).toEqual([
      { row: 2, cells: ["Lovelace, Ada", 'Thank you,\nreally "truly"'] },
      { row: 3, cells: ["Grace", "Hi"] },
    ]);
  });

  it("skips empty rows but keeps the numbers of the rows after them", () => {
    const table = read("name,email\n\n,\nAda,a@x.test\n");
    expect(table.rows).toEqual([{ row: 4, cells: ["Ada", "a@x.test"] }]);
  });

  it("refuses binary files, UTF-16, and bytes that are neither UTF-8 nor Latin-1", () => {
    expect(refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toMatch(
      /not a CSV file/,
    );
    expect(refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toMatch(/not a CSV file/);
    expect(refusal(new Uint8Array([0xff, 0xfe, 0x6e, 0x00]))).toMatch(/UTF-16/);
    expect(refusal(new Uint8Array([...bytes("name\n"), 0xc3, 0x28, 0x01, 0x02]))).toMatch(/not a CSV file/);
    expect(() => decodeCsvText(new Uint8Array([0x61, 0x81, 0x62]))).toThrow(/not a CSV file/);
  });

  it("refuses an empty file, a header-only file and an empty first row", () => {
    expect(refusal("")).toMatch(/empty/);
    expect(refusal("\n\n  \n")).toMatch(/empty/);
    expect(refusal("name,email\n")).toMatch(/no rows/);
    expect(refusal(",,\nAda,a@x.test,\n")).toMatch(/header/);
  });

  it("refuses a header of 10,000 columns (and of 51), naming the limit", () => {
    const wide = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(",");
    expect(refusal(`${wide}\n${wide}\n`)).toBe(
      "The header has 10,000 columns: the most is 50. Use the template's columns.",
    );
    expect(refusal(`${Array.from({ length: 51 }, (_, i) => `c${i}`).join(",")}\nx\n`)).toMatch(/51 columns/);
    expect(read(`${Array.from({ length: 50 }, (_, i) => `c${i}`).join(",")}\nx\n`).header).toHaveLength(50);
  });

  it("refuses more rows than the limit, and a file over the byte limit, naming each limit", () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `n${i},e${i}`).join("\n");
    expect(refusal(`name,email\n${rows}\n`)).toBe(
      "The file has more than 10,000 rows: the most is 10,000. Split it into smaller files.",
    );
    expect(read(`name,email\n${rows.split("\n").slice(0, 10_000).join("\n")}\n`).rows).toHaveLength(10_000);
    expect(() => readCsv(new Uint8Array(6 * 1024 * 1024).fill(0x61), limits)).toThrow(
      "The file is 6 MB: the most Ribbon reads is 5 MB. Split it into smaller files.",
    );
  });

  it("refuses a broken quote with where it is", () => {
    expect(refusal('name,message\nAda,"unclosed\n')).toBe(
      "The file can't be read as CSV (near line 2): a quoted cell is never closed: a \" is missing.",
    );
    expect(refusal('name,message\nAda,x"y"z,\n')).toMatch(
      /^The file can't be read as CSV \(near line 2\): a cell has a " in it/,
    );
    expect(refusal('name,message\n"Ada"x,y\n')).toMatch(/a cell has a " in it/);
  });

  it("reads short rows as the header's width, with no cost per short row", () => {
    const table = read("name,email,message\nAda\nGrace,g@x.test\n");
    expect(table.rows).toEqual([
      { row: 2, cells: ["Ada", "", ""] },
      { row: 3, cells: ["Grace", "g@x.test", ""] },
    ]);
  });
});

// Issue 30: no single upload may stall the server. Each bound below ends the reading where it is
// reached; the refusal names the bound, so a test sees the work stop without timing it.
describe("a hostile CSV file", () => {
  const header =
    "name,email,message,from,collection,design,scheduled_at,expires_on,delivery_method,locale,reminders,time_zone";

  it("a header and 100,000 empty lines (100 KB): refused at the bound on empty rows", () => {
    expect(refusal(`${header}\n${"\n".repeat(100_000)}`)).toBe(
      "The file has more than 10,000 empty rows: remove them and upload it again.",
    );
    // Up to the bound they are skipped, as a spreadsheet's trailing blank rows.
    const table = read(`${header}\nAda,a@x.test\n${"\n".repeat(10_000)}`);
    expect(table.rows).toEqual([{ row: 2, cells: ["Ada", "a@x.test", ...Array(10).fill("")] }]);
  });

  it("5 MB of empty lines (and of empty cells): refused at the same bound", () => {
    const lines = 5 * 1024 * 1024 - header.length - 2;
    expect(refusal(`${header}\n${"\n".repeat(lines)}`)).toMatch(/^The file has more than 10,000 empty rows/);
    expect(refusal(`${header}\n${",\r\n".repeat(lines / 3)}`)).toMatch(/^The file has more than 10,000 empty rows/);
    expect(refusal("\n".repeat(lines))).toBe("The file is empty: it has no header row.");
  });

  it("stops reading at the first row past the limit: what follows is never parsed", () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `n${i},e${i}`).join("\n");
    // The broken quote after row 10,001 would be reported if the reader went on.
    expect(refusal(`name,email\n${rows}\nAda,"never closed\n`)).toMatch(/^The file has more than 10,000 rows/);
  });

  it("refuses a row wider than a header may be (a line of 1,000,000 commas)", () => {
    expect(refusal(`name,email\nAda,a@x.test\n${",".repeat(1_000_000)}\n`)).toBe(
      "Row 3 (line 3) has 1,000,001 cells: the most is 50. Remove the cells past the header's columns.",
    );
  });
});
