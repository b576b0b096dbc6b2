// Cursors a client could make from a real one: fast-check arbitraries that change it at every level,
// whatever the list's format (base64url of JSON or of text): the base64 characters, the decoded bytes,
// the JSON values and their types, and the values a keyset carries (timestamps, numbers, ids).
import fc from "fast-check";

/** A real cursor and the query of the page that gave it. */
export interface CursorSource {
  cursor: string;
  query: Record<string, string>;
}

const TIMESTAMP = /\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d(?::?\d\d)?)?/;
const NUMBER = /-?\d+(?:\.\d+)?/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const decoded = (cursor: string) => Buffer.from(cursor, "base64url").toString("utf8");

/** A timestamp changed in one part: year, offset, a field out of range, the fraction, or all of it. */
function timestampMutation(stamp: string): fc.Arbitrary<string> {
  const withoutOffset = stamp.replace(/(?:Z|[+-]\d\d(?::?\d\d)?)$/, "");
  const offsets = ["", "Z", "+01:00", "+00:60", "+0060", "-12:60", "+15:59", "+16", "-99:99", " UTC", " BC"];
  const fields: [number, string][] = [
    [5, "00"],
    [5, "13"],
    [8, "00"],
    [8, "32"],
    [11, "24"],
    [14, "60"],
    [17, "60"],
  ];
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.constantFrom("0000", "1969", "10000").map((year) => stamp.replace(/^\d{4}/, year)),
    },
    { weight: 2, arbitrary: fc.constantFrom(...offsets).map((offset) => withoutOffset + offset) },
    fc.constantFrom(...fields).map(([at, value]) => stamp.slice(0, at) + value + stamp.slice(at + 2)),
    fc.constantFrom(".1234567", ".", "", ".999999999").map((fraction) => stamp.replace(/\.\d+/, fraction)),
    fc.constantFrom("infinity", "-infinity", "epoch", "now", "allballs", "", "0", "1e400", "2026-02-30"),
  );
}

/** The decoded text with one of its values changed: a timestamp, a number, an id, or one character. */
function textMutation(text: string): fc.Arbitrary<string> {
  const mutations: fc.WeightedArbitrary<string>[] = [
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.nat(),
          fc.oneof(fc.string({ minLength: 1, maxLength: 1 }), fc.constantFrom("\u0000", "|", '"', "\\")),
        )
        .map(([at, char]) => {
          const index = at % Math.max(text.length, 1);
          return text.slice(0, index) + char + text.slice(index + 1);
        }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "|",
        "[]",
        "{}",
        "null",
        `${text}|extra`,
        text.slice(0, -1),
        text.repeat(2),
      ),
    },
  ];
  // The values a keyset carries weigh most: they are what reaches SQL.
  const stamp = TIMESTAMP.exec(text)?.[0];
  if (stamp) {
    mutations.push({
      weight: 6,
      arbitrary: timestampMutation(stamp).map((changed) => text.replace(stamp, changed)),
    });
  }
  const numbers = [...text.matchAll(NUMBER)];
  if (numbers.length > 0) {
    const value = fc.constantFrom(
      "-1",
      "1e400",
      "99999999999999999999",
      "9007199254740993",
      "2147483648",
      "1.5",
      "NaN",
    );
    mutations.push({
      weight: 2,
      arbitrary: fc.tuple(fc.nat(), value).map(([at, changed]) => {
        const number = numbers[at % numbers.length];
        if (!number) return text;
        return text.slice(0, number.index) + changed + text.slice(number.index + number[0].length);
      }),
    });
  }
  const id = UUID.exec(text)?.[0];
  if (id) {
    const changed = fc.constantFrom(
      id.toUpperCase(),
      `{${id}}`,
      id.slice(1),
      `${id}0`,
      `${id.slice(0, -1)}g`,
      "' or 1=1 --",
    );
    mutations.push({ weight: 2, arbitrary: changed.map((other) => text.replace(id, other)) });
  }
  return fc.oneof(...mutations);
}

/** The decoded JSON with one element replaced by another type, or elements added or taken away. */
function jsonMutation(values: unknown[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(null, true, 0, -1, 1e308, 2 ** 53 + 2, "", "x".repeat(2000), [], {}),
  );
  return fc.oneof(
    fc.tuple(fc.nat(), value).map(([at, replacement]) => {
      const changed = [...values];
      changed[at % Math.max(changed.length, 1)] = replacement;
      return JSON.stringify(changed);
    }),
    value.map((extra) => JSON.stringify([...values, extra])),
    fc.constant(JSON.stringify(values.slice(0, -1))),
    fc.constant(JSON.stringify(Object.fromEntries(values.entries()))),
  );
}

/** The base64url text itself broken: a character changed, padding, garbage, truncation. */
function base64Mutation(cursor: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .tuple(fc.nat(), fc.constantFrom("A", "_", "-", "=", "+", "/", "%", "!", " ", "."))
      .map(([at, char]) => {
        const index = at % cursor.length;
        return cursor.slice(0, index) + char + cursor.slice(index + 1);
      }),
    fc.constantFrom(
      `${cursor}=`,
      `${cursor}==`,
      cursor.slice(0, -1),
      cursor.slice(1),
      `${cursor}${cursor}`,
      ` ${cursor}`,
    ),
  );
}

/** A cursor made from a real one by one change, at any level. */
export function cursorMutation(cursor: string): fc.Arbitrary<string> {
  const text = decoded(cursor);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return fc.oneof(
    { weight: 6, arbitrary: textMutation(text).map(base64url) },
    ...(Array.isArray(json) ? [{ weight: 2, arbitrary: jsonMutation(json).map(base64url) }] : []),
    { weight: 1, arbitrary: base64Mutation(cursor) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map(base64url) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  );
}
