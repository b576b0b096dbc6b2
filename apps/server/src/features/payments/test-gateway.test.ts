import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "@toolshop/db/client";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { CARD_ERRORS, cardInputProblem } from "@toolshop/shared/payments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestPaymentGateway } from "./test-gateway";

const SECRET = "payments-test-secret-at-least-32-characters";
const card = (
  number: string,
  overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  number,
  expMonth: 12,
  expYear: 2099,
  cvc: "123",
  ...overrides,
});

describe("card input checks, in Stripe's words", () => {
  const now = new Date(Date.UTC(2026, 5, 15));

  it("accepts a well-formed card and refuses numbers that fail the Luhn check", () => {
    expect(cardInputProblem(card("4242 4242 4242 4242"), now)).toBeNull();
    expect(cardInputProblem(card("4242-4242-4242-4242"), now)).toBeNull();
    expect(cardInputProblem(card("4242 4242 4242 4241"), now)).toBe(CARD_ERRORS.invalidNumber);
    expect(cardInputProblem(card("4242 4242 4242 424x"), now)).toBe("Your card number is invalid.");
    expect(cardInputProblem(card("4242 4242"), now)).toBe("Your card number is incomplete.");
  });

  it("refuses an expiry in the past, in this month's terms, and a bad month or CVC", () => {
    expect(cardInputProblem(card("4242424242424242", { expMonth: 5, expYear: 2026 }), now)).toBe(
      "Your card's expiration date is in the past.",
    );
    expect(cardInputProblem(card("4242424242424242", { expMonth: 6, expYear: 26 }), now)).toBeNull();
    expect(cardInputProblem(card("4242424242424242", { expMonth: 13 }), now)).toBe(
      "Your card's expiration month is invalid.",
    );
    expect(cardInputProblem(card("4242424242424242", { cvc: "1" }), now)).toBe(
      "Your card's security code is incomplete.",
    );
  });
});

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`test payment gateway ${target.title}`, () => {
    let handle: DatabaseHandle;
    let gateway: TestPaymentGateway;
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      gateway = new TestPaymentGateway(handle.db, SECRET);
    });
    afterAll(async () => {
      await handle?.close();
    });

    const newIntent = (amountCents = 2500) =>
      gateway.createIntent({
        orderId: randomUUID(),
        amountCents,
        currency: "usd",
        idempotencyKey: randomUUID(),
        description: "test",
      });

    it("creates one intent per idempotency key, with a pi_ id and a client secret bound to it", async () => {
      const input = {
        orderId: randomUUID(),
        amountCents: 2500,
        currency: "usd",
        idempotencyKey: "same-key",
        description: "test",
      };
      const intent = await gateway.createIntent(input);
      expect(intent).toMatchObject({
        id: expect.stringMatching(/^pi_test_[0-9a-f]{24}$/),
        status: "requires_payment_method",
        amountCents: 2500,
        currency: "usd",
        orderId: input.orderId,
        clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_[0-9a-f]{32}$`)),
      });
      expect(await gateway.createIntent(input)).toEqual(intent);
      expect(await gateway.retrieve("pi_test_unknown")).toBeUndefined();
    });

    it("behaves like Stripe's test cards", async () => {
      const outcomes: [string, string | null][] = [
        ["4000 0000 0000 0002", "Your card was declined."],
        ["4000 0000 0000 9995", "Your card has insufficient funds."],
        ["4000 0000 0000 0069", "Your card has expired."],
        ["4242 4242 4242 4241", "Your card number is invalid."],
        ["4111 1111 1111 1111", CARD_ERRORS.notATestCard],
        ["4242 4242 4242 4242", null],
      ];
      for (const [number, message] of outcomes) {
        const intent = await newIntent();
        const result = await gateway.confirmCard(intent.clientSecret, card(number));
        if (message) {
          expect(result, number).toEqual({ ok: false, message });
          expect((await gateway.retrieve(intent.id))?.status).toBe("requires_payment_method");
        } else {
          expect(result, number).toEqual({ ok: true, intent: { ...intent, status: "succeeded" } });
        }
      }
      const intent = await newIntent();
      expect(
        await gateway.confirmCard(
          intent.clientSecret,
          card("4242424242424242", { expMonth: 1, expYear: 2020 }),
        ),
      ).toEqual({ ok: false, message: "Your card's expiration date is in the past." });
    });

    it("refuses a client secret it did not issue", async () => {
      const intent = await newIntent();
      const forged = `${intent.id}_secret_${"0".repeat(32)}`;
      expect(await gateway.confirmCard(forged, card("4242424242424242"))).toEqual({
        ok: false,
        unknownSecret: true,
      });
      expect(await gateway.confirmCard("nonsense", card("4242424242424242"))).toEqual({
        ok: false,
        unknownSecret: true,
      });
      // Another server secret means another gateway: its secrets are not valid here.
      const elsewhere = new TestPaymentGateway(handle.db, "another-secret-that-is-32-characters-long");
      expect(await elsewhere.confirmCard(intent.clientSecret, card("4242424242424242"))).toMatchObject({
        unknownSecret: true,
      });
    });

    it("is shared by every process on the database and cannot be paid after it was cancelled", async () => {
      const intent = await newIntent();
      // A second API process: its own gateway object on the same database and secret.
      const otherProcess = new TestPaymentGateway(handle.db, SECRET);
      expect(await otherProcess.retrieve(intent.id)).toEqual(intent);
      expect((await otherProcess.cancel(intent.id))?.status).toBe("canceled");
      expect(await gateway.confirmCard(intent.clientSecret, card("4242424242424242"))).toEqual({
        ok: false,
        message: "This payment was cancelled. Reload the page to pay again.",
      });

      const paid = await newIntent();
      await gateway.confirmCard(paid.clientSecret, card("4242424242424242"));
      // Cancelling a succeeded payment leaves it succeeded.
      expect((await otherProcess.cancel(paid.id))?.status).toBe("succeeded");
    });
  });
}
