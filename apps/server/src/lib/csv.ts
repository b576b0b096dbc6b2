// CSV in and out through csv-parse and csv-stringify (decision 0045): RFC 4180 quoting, CRLF lines, a
// UTF-8 byte-order mark so that Excel opens the file as UTF-8, and OWASP's guard against formulas.
import { Readable } from "node:stream";
import { CsvError } from "csv-parse";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify";
import type { FastifyReply } from "fastify";
import { HttpError } from "./http-errors";

// A cell a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @, or a tab or CR first.
// Cells that already start with guard quotes before such a character get one more, so that taking one
// quote off on import gives back exactly what was exported, whatever the text was.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED_FORMULA = /^'+[=+\-@\t\r]/;

/** The cell as exported: a leading quote makes the spreadsheet show a formula as text. */
export function guardFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The inverse of guardFormula: an imported cell with the guard quote loses it; any other is kept. */
export function unguardFormula(cell: string): string {
  return GUARDED_FORMULA.test(cell) ? cell.slice(1) : cell;
}

/** A plain decimal number, negative or not: a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * A CSV body that streams: the header, then each row as `rows` yields it, every cell guarded. Reading
 * waits for the client (backpressure), so a generator that reads the database in batches holds one
 * batch at a time. Cells of `numberColumns` (indexes) that are plain numbers are written as they are:
 * a guarded "-12.50" would be text that a column sum skips (a credit's negative amount).
 */
export function csvStream(
  header: readonly string[],
  rows: AsyncIterable<string[]> | Iterable<string[]>,
  numberColumns: ReadonlySet<number> = new Set(),
) {
  const stringifier = stringify({ bom: true, record_delimiter: "windows" });
  const source = Readable.from(guarded(header, rows, numberColumns), { objectMode: true });
  source.on("error", (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}

async function* guarded(
  header: readonly string[],
  rows: AsyncIterable<string[]> | Iterable<string[]>,
  numberColumns: ReadonlySet<number>,
) {
  yield [...header];
  for await (const row of rows) {
    yield row.map((cell, index) =>
      numberColumns.has(index) && PLAIN_NUMBER.test(cell) ? cell : guardFormula(cell),
    );
  }
}

/**
 * Sends `body` as a CSV download named `fileName` (ours: ASCII, no quotes). The routes declare their
 * 200 as a string for the OpenAPI document; Fastify sends a stream as it comes, unserialized.
 */
export function sendCsv(reply: FastifyReply, fileName: string, body: Readable) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .send(body as unknown as string);
}

/** A record of an imported file and the line it starts on (1 is the file's first line). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The body as text, or a 400 that says how to save it: Excel's plain "CSV" is not UTF-8. */
export function decodeUtf8(body: Buffer): string {
  try {
    return decoder.decode(body);
  } catch {
    throw new HttpError(
      400,
      "The file is not UTF-8 text. In Excel, save it as “CSV UTF-8 (Comma delimited)”; elsewhere choose the UTF-8 encoding.",
    );
  }
}

/**
 * Every non-empty record of `text` (a byte-order mark first is dropped), each with the line it starts
 * on, cells unguarded. A file that is not CSV (a quote never closed) is a 400 that names the line.
 */
export function parseCsv(text: string, maxRecords: number): CsvRecord[] {
  const bytes = Buffer.from(text, "utf8");
  let parsed: { record: string[]; info: { bytes: number } }[];
  try {
    // With `info`, each record comes as { record, info } (the typings know only the plain shapes).
    parsed = parse(bytes, {
      bom: true,
      // Any line ending, even mixed: a file saved on Windows and then edited elsewhere has both.
      record_delimiter: ["\r\n", "\n", "\r"],
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      to: maxRecords + 1,
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new HttpError(
        400,
        `The file is not valid CSV${line ? ` near line ${line}` : ""}: ${error.message}`,
      );
    }
    throw error;
  }
  if (parsed.length > maxRecords) {
    throw new HttpError(400, `The file has more than ${maxRecords - 1} rows; please split it.`);
  }
  // csv-parse counts the bytes up to each record's end: the next record starts after the empty lines
  // that follow, and its line is one more than the line breaks before it.
  const lines = new LineCounter(bytes);
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return parsed.map(({ record, info }) => {
    start = lines.skipEmptyLines(start);
    const line = lines.lineAt(start);
    start = info.bytes;
    return { line, cells: record.map(unguardFormula) };
  });
}

const LF = 0x0a;
const CR = 0x0d;

/** Line numbers of byte offsets, counted forward once (offsets only grow). */
class LineCounter {
  private offset = 0;
  private line = 1;
  constructor(private readonly bytes: Buffer) {}

  lineAt(target: number): number {
    for (; this.offset < target; this.offset++) {
      const byte = this.bytes[this.offset];
      // CRLF is one break, a lone CR (old Mac files) or LF one each.
      if (byte === LF || (byte === CR && this.bytes[this.offset + 1] !== LF)) this.line++;
    }
    return this.line;
  }

  skipEmptyLines(from: number): number {
    let offset = from;
    while (this.bytes[offset] === LF || this.bytes[offset] === CR) offset++;
    return offset;
  }
}
