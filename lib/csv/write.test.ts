import { describe, expect, it } from "vitest";
import { csvLines } from "./write";
import { readCsv } from "./read";

describe("csvLines", () => {
  it("quotes only what RFC 4180 requires, doubles quotes, ends lines with CRLF", () => {
    expect(
      csvLines([
        ["a", "b c", ""],
        ['say "hi"', "x,y", "two\nlines"],
      ]),
    ).toBe('a,b c,\r\n"say ""hi""","x,y","two\nlines"\r\n');
  });

  it("neutralises cells a spreadsheet would run as formulas, and keeps plain numbers", () => {
    expect(csvLines([["=SUM(A1)", "+1", "-25.00", "@x", "\tx", "＝1"]])).toBe(`'=SUM(A1),'+1,-25.00,'@x,'\tx,'＝1\r\n`);
  });

  it("reads back as written, whatever the cell holds", () => {
    const rows = [
      ["id", "name"],
      ["1", 'a "quoted", multi\r\nline name'],
      ["2", "ü"],
    ];
    const limits = { maxBytes: 1024, maxRows: 10, maxBlankRows: 10, maxColumns: 10 };
    const table = readCsv(new TextEncoder().encode(csvLines(rows)), limits);
    expect([table.header, ...table.rows.map((r) => r.cells)]).toEqual(rows);
  });
});
