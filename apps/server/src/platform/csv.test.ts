import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV (RFC 4180, formula injection escaped)", () => {
  it("quotes a field holding a comma, quote, CR or LF, doubling quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(-5)).toBe("-5");
  });

  it("prefixes a cell starting with = + - @ TAB or CR with '", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    for (const start of ["+", "-", "@"]) expect(csvCell(`${start}1`)).toBe(`'${start}1`);
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("joins rows with CRLF, a header first", () => {
    expect(toCsv(["a", "b"], [[1, "x"]])).toBe("a,b\r\n1,x\r\n");
  });
});
