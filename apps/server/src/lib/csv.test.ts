import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { csvStream, guardFormula, parseCsv, unguardFormula } from "./csv";

describe("CSV through csv-parse and csv-stringify", () => {
  it("guards every cell a spreadsheet would run, and the import gives back exactly what was exported", () => {
    const cells = [
      '=HYPERLINK("http://evil.example","Click")',
      "+1",
      "-2",
      "@SUM(A1)",
      "\tTabbed",
      "\rReturned",
      "'=already quoted",
      "''+twice",
      "'plain quote",
      "plain",
      "",
      "a=b",
    ];
    for (const cell of cells) {
      expect(unguardFormula(guardFormula(cell)), JSON.stringify(cell)).toBe(cell);
      expect(/^[=+\-@\t\r]/.test(guardFormula(cell)), JSON.stringify(cell)).toBe(false);
    }
    expect(guardFormula("=1+1")).toBe("'=1+1");
    expect(guardFormula("'plain quote")).toBe("'plain quote");
    // Typed into a spreadsheet without the guard, a formula is imported as the text it is.
    expect(unguardFormula("=1+1")).toBe("=1+1");
  });

  it("writes a byte-order mark, CRLF lines and quotes where a cell needs them", async () => {
    const written = await buffer(
      csvStream(
        ["a", "b"],
        [
          ["x,y", 'say "hi"\nthere'],
          ["=1", "2"],
        ],
      ),
    );
    // Compared as bytes: a text decoder would drop the byte-order mark.
    expect(written.toString("utf8")).toBe('\uFEFFa,b\r\n"x,y","say ""hi""\nthere"\r\n\'=1,2\r\n');
  });

  it("writes a negative amount of a number column as a number, and guards anything else in it", async () => {
    const written = await buffer(
      csvStream(
        ["text", "amount"],
        [
          ["-2", "-12.50"],
          ["x", "-1+1"],
        ],
        new Set([1]),
      ),
    );
    expect(written.toString("utf8")).toBe("\uFEFFtext,amount\r\n'-2,-12.50\r\nx,'-1+1\r\n");
  });

  it("reads Excel's byte-order mark, quoted commas and newlines, and numbers each record by its first line", () => {
    const file = '\uFEFFname,short\r\n"a, b","one\r\ntwo"\r\n\r\n\r\nc,\'=1\rd,"x""y"\n';
    expect(parseCsv(file, 10)).toEqual([
      { line: 1, cells: ["name", "short"] },
      { line: 2, cells: ["a, b", "one\r\ntwo"] },
      { line: 6, cells: ["c", "=1"] },
      { line: 7, cells: ["d", 'x"y'] },
    ]);
  });
});
