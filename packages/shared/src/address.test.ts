import { describe, expect, it } from "vitest";
import {
  ADDRESS_MAX_LENGTH,
  ADDRESS_MAX_LINES,
  addressControlMessage,
  addressLines,
  addressTooLongMessage,
  addressTooManyLinesMessage,
} from "./address";
import { cartCheckoutFormSchema } from "./cart";
import { ADDRESS_REQUIRED, createOrderBodySchema } from "./orders";
import { profileUpdateSchema } from "./profile";
import { quoteAcceptBodySchema } from "./quote-offers";
import { bidiControlMessage } from "./text";

const messages = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const THREE_LINES = "Unit 4, Forge Park\nSheffield\nS1 2AB";

/** The address of every body that takes one, parsed: the order, the offer's accept, the checkout form. */
function parsedAddresses(address: unknown) {
  const order = createOrderBodySchema.safeParse({
    toolId: crypto.randomUUID(),
    quantity: 1,
    address,
    phone: "5550100",
  });
  const accept = quoteAcceptBodySchema.safeParse({ address, phone: "5550100" });
  const form = cartCheckoutFormSchema.safeParse({ address, phone: "5550100" });
  return [order, accept, form].map((result) =>
    result.success ? { address: result.data.address } : { errors: messages(result) },
  );
}

describe("a postal address", () => {
  it("is taken in lines by every body that takes an address, and kept as lines", () => {
    expect(parsedAddresses(THREE_LINES)).toEqual(Array(3).fill({ address: THREE_LINES }));
    expect(profileUpdateSchema.parse({ address: THREE_LINES })).toEqual({ address: THREE_LINES });
  });

  it("reads CRLF and CR as line breaks, trims each line and drops empty ones", () => {
    const typed = "  Unit 4, Forge Park \r\n\r\nSheffield\rS1 2AB  \n\n";
    expect(parsedAddresses(typed)).toEqual(Array(3).fill({ address: THREE_LINES }));
    expect(addressLines(THREE_LINES)).toEqual(["Unit 4, Forge Park", "Sheffield", "S1 2AB"]);
  });

  it.each([
    ["a tab", "Unit 4\tForge Park\nSheffield"],
    ["an escape", "Unit 4\u001b[31m\nSheffield"],
    ["a NUL", "Unit 4\u0000\nSheffield"],
    ["a next-line control", "Unit 4\u0085Sheffield"],
    ["a line separator", "Unit 4\u2028Sheffield"],
  ])("refuses %s with a sentence", (_, address) => {
    expect(parsedAddresses(address)).toEqual(
      Array(3).fill({ errors: [addressControlMessage("The address")] }),
    );
    expect(messages(profileUpdateSchema.safeParse({ address }))).toEqual([addressControlMessage("Address")]);
  });

  it("says what to do about a tab in words", () => {
    expect(addressControlMessage("The address")).toBe(
      "The address must not contain tabs or other control characters; put each part on its own line",
    );
  });

  it("refuses bidirectional controls", () => {
    expect(parsedAddresses("1 Main\u202E St\nLeeds")).toEqual(
      Array(3).fill({ errors: [bidiControlMessage("The address")] }),
    );
  });

  it(`takes at most ${ADDRESS_MAX_LINES} lines`, () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `Line ${i + 1}`).join("\n");
    expect(parsedAddresses(lines(ADDRESS_MAX_LINES))).toEqual(
      Array(3).fill({ address: lines(ADDRESS_MAX_LINES) }),
    );
    expect(parsedAddresses(lines(ADDRESS_MAX_LINES + 1))).toEqual(
      Array(3).fill({ errors: [addressTooManyLinesMessage("The address")] }),
    );
    // Empty lines do not count.
    expect(parsedAddresses(`${lines(ADDRESS_MAX_LINES)}\n\n\n`)).toEqual(
      Array(3).fill({ address: lines(ADDRESS_MAX_LINES) }),
    );
  });

  it(`takes at most ${ADDRESS_MAX_LENGTH} characters, line breaks included`, () => {
    const long = `${"x".repeat(ADDRESS_MAX_LENGTH - 10)}\n${"y".repeat(9)}`;
    expect(parsedAddresses(long)).toEqual(Array(3).fill({ address: long }));
    expect(parsedAddresses(`${long}y`)).toEqual(
      Array(3).fill({ errors: [addressTooLongMessage("The address")] }),
    );
    expect(messages(profileUpdateSchema.safeParse({ address: "x".repeat(300_000) }))).toEqual([
      addressTooLongMessage("Address"),
    ]);
  });

  it("is required at checkout, optional (cleared by an empty value) in the profile", () => {
    expect(parsedAddresses(" \n \r\n ")).toEqual(Array(3).fill({ errors: [ADDRESS_REQUIRED] }));
    expect(parsedAddresses(undefined)).toEqual(Array(3).fill({ errors: [ADDRESS_REQUIRED] }));
    expect(profileUpdateSchema.parse({ address: " \n " })).toEqual({ address: "" });
  });
});
