import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { testPaymentIntents, testPaymentRefunds } from "@toolshop/db/schema";
import { CARD_ERRORS, cardDigits, cardInputProblem, type TestCard } from "@toolshop/shared/payments";
import { and, eq, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { createPreparedQueries, plannedOnce } from "../../lib/prepared-queries";
import {
  type CreateIntentInput,
  type GatewayPaymentIntent,
  NOT_REFUNDABLE,
  type PaymentGateway,
  REFUND_BEYOND_PAYMENT,
  REFUND_KEY_TAKEN,
  RefundRefusedError,
} from "./gateway";

// Stripe's test cards (https://docs.stripe.com/testing): these fail with Stripe's messages...
const FAILING_TEST_CARDS: Record<string, string> = {
  "4000000000000002": CARD_ERRORS.declined,
  "4000000000009995": CARD_ERRORS.insufficientFunds,
  "4000000000000069": CARD_ERRORS.expiredCard,
  "4000000000000127": CARD_ERRORS.incorrectCvc,
  "4000000000000119": CARD_ERRORS.processingError,
};
// ...these succeed; any other number is refused, as Stripe refuses real cards in test mode.
const SUCCEEDING_TEST_CARDS = new Set([
  "4242424242424242",
  "4000056655665556",
  "5555555555554444",
  "2223003122003222",
  "5200828282828210",
  "378282246310005",
  "371449635398431",
  "6011111111111117",
  "3056930009020004",
  "36227206271667",
  "3566002020360505",
  "6200000000000005",
]);

const prepared = createPreparedQueries();

export type TestIntentRow = typeof testPaymentIntents.$inferSelect;

/**
 * The update that pays an open intent (placeholder `intentId`), answering its row: the gateway runs
 * it alone, and a settler as the first part of its own statement.
 */
export function payOpenTestIntent(db: Database) {
  return db
    .update(testPaymentIntents)
    .set({ status: "succeeded" })
    .where(
      and(
        eq(testPaymentIntents.id, sql.placeholder("intentId")),
        eq(testPaymentIntents.status, "requires_payment_method"),
      ),
    )
    .returning();
}

/**
 * The intents live in the shop's own database, so the order a payment is for can become paid in the
 * same statement as the payment: one commit and one round trip instead of two (the orders feature's
 * settler, app.ts). Answers the paid intent and the outcome for the log, or undefined when the intent
 * was not open.
 */
export type TestPaymentSettler = (
  intentId: string,
) => Promise<{ paid: TestIntentRow; outcome: string } | undefined>;

const PAYMENT_CANCELLED = "This payment was cancelled. Reload the page to pay again.";

/**
 * The outcome of a card payment attempt: the succeeded intent (and, when a settler ran, what it
 * recorded), or Stripe's message for the card.
 */
export type TestConfirmResult =
  | { ok: true; intent: GatewayPaymentIntent; outcome?: string }
  | { ok: false; message: string }
  | { ok: false; unknownSecret: true };

/**
 * The built-in, offline gateway (PAYMENT_GATEWAY=test). Intents live in the database, so every API
 * process sees them; client secrets are HMACs of the intent id, so only the server can issue them.
 */
export class TestPaymentGateway implements PaymentGateway {
  readonly kind = "test" as const;
  readonly publishableKey = null;
  private readonly key: Buffer;

  constructor(
    private readonly db: Database,
    secret: string,
  ) {
    // A key of its own, so that nothing signed here is valid anywhere else the secret is used.
    this.key = createHmac("sha256", secret).update("toolshop test payment gateway").digest();
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayPaymentIntent> {
    // The id follows from the idempotency key: a repeated request finds the intent it created before.
    const id = `pi_test_${this.mac(`intent:${input.idempotencyKey}`).slice(0, 24)}`;
    await this.db
      .insert(testPaymentIntents)
      .values({ id, orderId: input.orderId, amountCents: input.amountCents, currency: input.currency })
      .onConflictDoNothing();
    const intent = await this.retrieve(id);
    if (!intent) throw new Error(`Test payment intent ${id} vanished after it was created.`);
    return intent;
  }

  async retrieve(id: string): Promise<GatewayPaymentIntent | undefined> {
    const query = prepared(this.db, "intent", () =>
      this.db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, sql.placeholder("id")))
        .prepare(plannedOnce("test-gateway/retrieve")),
    );
    const [row] = await query.execute({ id });
    return row && this.toIntent(row);
  }

  async cancel(id: string): Promise<GatewayPaymentIntent | undefined> {
    await this.db
      .update(testPaymentIntents)
      .set({ status: "canceled" })
      .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, "requires_payment_method")));
    return this.retrieve(id);
  }

  /**
   * Refunds as Stripe does: the payment's row lock queues refunds of one payment; a key seen before
   * answers its first refund again for the same parameters and is refused for others; no amount means
   * what is left; more than is left is refused. No money moves, but the amounts are kept.
   */
  async refund(id: string, idempotencyKey: string, amountCents?: number, purpose?: string): Promise<void> {
    const parameters = JSON.stringify({ id, amountCents: amountCents ?? null, purpose: purpose ?? null });
    await this.db.transaction(async (tx) => {
      const [intent] = await tx
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, id))
        .for("update");
      const [known] = await tx
        .select({ parameters: testPaymentRefunds.parameters })
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.idempotencyKey, idempotencyKey));
      if (known) {
        if (known.parameters !== parameters) throw new HttpError(409, REFUND_KEY_TAKEN);
        return;
      }
      if (intent?.status !== "succeeded") throw new RefundRefusedError(NOT_REFUNDABLE);
      const left = intent.amountCents - intent.refundedCents;
      const amount = amountCents ?? left;
      if (amount <= 0 || amount > left) throw new RefundRefusedError(REFUND_BEYOND_PAYMENT);
      await tx
        .insert(testPaymentRefunds)
        .values({ idempotencyKey, intentId: id, amountCents: amount, parameters });
      await tx
        .update(testPaymentIntents)
        .set({
          refundedCents: intent.refundedCents + amount,
          ...(amount === left ? { refundedAt: new Date() } : {}),
        })
        .where(eq(testPaymentIntents.id, id));
    });
  }

  /**
   * Pays the intent behind the client secret with a card, behaving like Stripe's test cards. Paying
   * an intent that has already succeeded answers success again without a second charge. With
   * `settle`, a good card's payment and what it pays for commit in one statement (see TestPaymentSettler).
   */
  async confirmCard(
    clientSecret: string,
    card: TestCard,
    { now = new Date(), settle }: { now?: Date; settle?: TestPaymentSettler } = {},
  ): Promise<TestConfirmResult> {
    const id = this.intentIdOf(clientSecret);
    if (!id) return { ok: false, unknownSecret: true };
    const problem = cardInputProblem(card, now) ?? cardOutcomeProblem(cardDigits(card.number));
    if (!problem) {
      // A good card pays an open intent in one statement; anything else is explained below.
      const settled = settle ? await settle(id) : await this.payOpenIntent(id);
      if (settled) return { ok: true, intent: this.toIntent(settled.paid), outcome: settled.outcome };
    }
    const intent = await this.retrieve(id);
    if (!intent) return { ok: false, unknownSecret: true };
    // Paid before (by this card or a concurrent request): success again, without a second charge.
    if (intent.status === "succeeded") return { ok: true, intent };
    if (intent.status === "canceled" || !problem) return { ok: false, message: PAYMENT_CANCELLED };
    return { ok: false, message: problem };
  }

  /** Without a settler: built once per database (decision 0016), planned once per connection (0020). */
  private async payOpenIntent(id: string): Promise<{ paid: TestIntentRow; outcome?: string } | undefined> {
    const statement = prepared(this.db, "pay-open-intent", () =>
      payOpenTestIntent(this.db).prepare(plannedOnce("test-gateway/pay-open-intent")),
    );
    const [paid] = await statement.execute({ intentId: id });
    return paid && { paid };
  }

  private toIntent(row: TestIntentRow): GatewayPaymentIntent {
    return {
      id: row.id,
      status: row.status,
      amountCents: row.amountCents,
      currency: row.currency,
      orderId: row.orderId,
      clientSecret: `${row.id}_secret_${this.mac(`secret:${row.id}`).slice(0, 32)}`,
    };
  }

  /** The intent id inside a client secret this gateway issued, or undefined for any other string. */
  private intentIdOf(clientSecret: string): string | undefined {
    const at = clientSecret.lastIndexOf("_secret_");
    if (at < 0) return undefined;
    const id = clientSecret.slice(0, at);
    const expected = Buffer.from(`${id}_secret_${this.mac(`secret:${id}`).slice(0, 32)}`);
    const given = Buffer.from(clientSecret);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  private mac(data: string): string {
    return createHmac("sha256", this.key).update(data).digest("hex");
  }
}

function cardOutcomeProblem(digits: string): string | null {
  const failure = FAILING_TEST_CARDS[digits];
  if (failure) return failure;
  return SUCCEEDING_TEST_CARDS.has(digits) ? null : CARD_ERRORS.notATestCard;
}
