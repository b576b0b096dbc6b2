import { CURSOR_NOT_OURS } from "@toolshop/shared/paging";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cursorCodec, cursorValue, keysetPage } from "./keyset-page";

describe("a keyset page", () => {
  const cursorOf = (last: number) => `after-${last}`;

  it("keeps the first `limit` rows and names the last one when another page follows", () => {
    expect(keysetPage([1, 2, 3, 4], 3, cursorOf)).toEqual({ rows: [1, 2, 3], nextCursor: "after-3" });
  });

  it("has no cursor when the extra row is missing: the last page", () => {
    expect(keysetPage([1, 2, 3], 3, cursorOf)).toEqual({ rows: [1, 2, 3], nextCursor: null });
    expect(keysetPage([], 3, cursorOf)).toEqual({ rows: [], nextCursor: null });
  });
});

describe("the cursor codec", () => {
  const codec = cursorCodec(cursorValue.timestamp, cursorValue.id);
  const id = "0191f1a0-3a52-7d5e-9b61-0c7a1f1b2a01";
  const at = "2026-11-28T17:21:10.409123Z";
  const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

  it("reads back what it wrote", () => {
    expect(codec.decode(codec.encode([at, id]))).toEqual([at, id]);
    expect(codec.parse(codec.encode(["1970-01-01T00:00:00.000000Z", id]))).toBeDefined();
    expect(codec.parse(codec.encode(["9999-12-31T23:59:59.999999Z", id]))).toBeDefined();
  });

  it.each([
    ["year 0", ["0000-11-28T17:21:10.409123Z", id]],
    ["before 1970", ["1969-12-31T23:59:59.999999Z", id]],
    ["a five-digit year", ["20260-11-28T17:21:10.409123Z", id]],
    ["an offset instead of Z", ["2026-11-28T17:21:10.409123+01:00", id]],
    ["an offset of 60 minutes", ["2026-11-28T17:21:10.409123+00:60", id]],
    ["a space for the T", ["2026-11-28 17:21:10.409123Z", id]],
    ["milliseconds only", ["2026-11-28T17:21:10.409Z", id]],
    ["31 February", ["2026-02-31T17:21:10.409123Z", id]],
    ["hour 24", ["2026-11-28T24:00:00.000000Z", id]],
    ["second 60", ["2026-11-28T17:21:60.000000Z", id]],
    ["infinity", ["infinity", id]],
    ["an upper-case id", [at, id.toUpperCase()]],
    ["an id in braces", [at, `{${id}}`]],
    ["SQL for an id", [at, "' or 1=1 --"]],
    ["a number for a timestamp", [1_764_350_470_409, id]],
    ["a value too many", [at, id, 1]],
    ["a value too few", [at]],
    ["an object", { 0: at, 1: id }],
    ["null", null],
  ])("refuses %s", (_, values) => {
    expect(codec.parse(json(values))).toBeUndefined();
    expect(() => codec.decode(json(values))).toThrow(CURSOR_NOT_OURS);
  });

  it("refuses any spelling it does not write: padding, stray bits, base64's + and /, bytes that are not UTF-8", () => {
    const real = codec.encode([at, id]);
    for (const cursor of [
      `${real}=`,
      `${real}A`,
      real.slice(0, -1),
      `${real.slice(0, 10)}+${real.slice(11)}`,
      ` ${real}`,
      Buffer.from([0x5b, 0xff, 0xfe, 0x5d]).toString("base64url"),
      Buffer.from("[").toString("base64url"),
      "",
    ]) {
      expect(codec.parse(cursor), cursor).toBeUndefined();
    }
  });

  it("checks text, integer and boolean values: bounded, storable, of the right type", () => {
    const sorted = cursorCodec(cursorValue.boolean, cursorValue.integer, cursorValue.text(5), z.literal("x"));
    expect(sorted.parse(sorted.encode([true, 1250, "Plier", "x"]))).toEqual([true, 1250, "Plier", "x"]);
    for (const values of [
      ["true", 1250, "Plier", "x"],
      [true, 1.5, "Plier", "x"],
      [true, 2 ** 31, "Plier", "x"],
      [true, -1, "Plier", "x"],
      [true, 1250, "Pliers", "x"],
      [true, 1250, "a\u0000b", "x"],
      [true, 1250, "\uD800", "x"],
      [true, 1250, "Plier", "y"],
    ]) {
      expect(sorted.parse(json(values)), JSON.stringify(values)).toBeUndefined();
    }
    // JSON.parse reads 1e400 as Infinity.
    expect(sorted.parse(Buffer.from('[true,1e400,"a","x"]').toString("base64url"))).toBeUndefined();
  });
});
