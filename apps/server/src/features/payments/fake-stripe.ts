// Stripe's servers, mocked for tests: the few PaymentIntents and Refunds endpoints the Stripe gateway uses, behind
// a fetch function handed to the real Stripe SDK (tests only; the SDK itself runs unchanged).
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { createStripeClient } from "./stripe-gateway";

interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
}

/** A status and body Stripe answered, kept for the idempotency key it came with. */
interface FakeAnswer {
  status: number;
  body: unknown;
}

interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  payment_intent: string;
  status: "succeeded";
}

export interface FakeStripe {
  stripe: Stripe;
  intents: Map<string, FakeIntent>;
  /** Every call the SDK made: method, path and idempotency key. */
  calls: { method: string; path: string; idempotencyKey: string | null }[];
  /** Every refund made (one per idempotency key, whatever the retries). */
  refunds: FakeRefund[];
  /** What the browser does with Stripe.js: confirms the intent's card payment. */
  succeed(id: string): void;
  /**
   * Holds every refund call until `count` of them have arrived, then answers them in arrival order:
   * requests racing to refund have then all read the order before any refund is answered.
   */
  holdRefundsUntil(count: number): void;
}

export function createFakeStripe(): FakeStripe {
  const intents = new Map<string, FakeIntent>();
  const calls: FakeStripe["calls"] = [];
  const refunds: FakeRefund[] = [];
  const refundedByIntent = new Map<string, number>();
  /** Stripe saves the first answer to a key, success or error, with the parameters it came with. */
  const answersByIdempotencyKey = new Map<string, { path: string; params: string; answer: FakeAnswer }>();
  let refundGate: { count: number; arrived: number; open: Promise<void>; release: () => void } | undefined;

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const errorAnswer = (status: number, code: string, message: string): FakeAnswer => ({
    status,
    body: { error: { type: "invalid_request_error", code, message } },
  });
  const error = (status: number, code: string, message: string) => {
    const answer = errorAnswer(status, code, message);
    return json(answer.status, answer.body);
  };

  /**
   * Answers a POST as Stripe's idempotency layer does: a key seen before gives its first answer again
   * for the same endpoint and parameters, and an idempotency_error for others; a request without a key
   * is simply executed.
   */
  const idempotent = (
    key: string | null,
    path: string,
    params: string,
    execute: (params: string) => FakeAnswer,
  ) => {
    const known = key ? answersByIdempotencyKey.get(key) : undefined;
    if (known && known.path === path && known.params === params) {
      return json(known.answer.status, known.answer.body);
    }
    if (known) {
      return json(400, {
        error: {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        },
      });
    }
    const answer = execute(params);
    if (key) answersByIdempotencyKey.set(key, { path, params, answer });
    return json(answer.status, answer.body);
  };

  /** A refund of what is left of the intent, or `amount` of it; never more than was captured. */
  const refund = (params: string): FakeAnswer => {
    const form = new URLSearchParams(params);
    const paymentIntent = form.get("payment_intent") ?? "";
    const refunded = intents.get(paymentIntent);
    if (!refunded) return errorAnswer(404, "resource_missing", `No such payment_intent: '${paymentIntent}'`);
    if (refunded.status !== "succeeded") {
      return errorAnswer(
        400,
        "payment_intent_unexpected_state",
        "This PaymentIntent does not have a successful charge to refund.",
      );
    }
    const left = refunded.amount - (refundedByIntent.get(paymentIntent) ?? 0);
    if (left === 0) {
      return errorAnswer(400, "charge_already_refunded", "This charge has already been refunded.");
    }
    const amount = form.has("amount") ? Number(form.get("amount")) : left;
    if (amount > left) {
      return errorAnswer(
        400,
        "amount_too_large",
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
      );
    }
    const made: FakeRefund = {
      id: `re_${randomBytes(12).toString("hex")}`,
      object: "refund",
      amount,
      payment_intent: paymentIntent,
      status: "succeeded",
    };
    refunds.push(made);
    refundedByIntent.set(paymentIntent, refunded.amount - left + amount);
    return { status: 200, body: made };
  };

  const fakeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    const idempotencyKey = new Headers(init?.headers).get("idempotency-key");
    calls.push({ method, path: url.pathname, idempotencyKey });

    if (method === "POST" && url.pathname === "/v1/payment_intents") {
      return idempotent(idempotencyKey, url.pathname, String(init?.body ?? ""), () => {
        const form = new URLSearchParams(String(init?.body ?? ""));
        const id = `pi_${randomBytes(12).toString("hex")}`;
        const intent: FakeIntent = {
          id,
          object: "payment_intent",
          amount: Number(form.get("amount")),
          currency: String(form.get("currency")),
          status: "requires_payment_method",
          client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
          description: form.get("description"),
          metadata: { orderId: String(form.get("metadata[orderId]")) },
        };
        intents.set(id, intent);
        return { status: 200, body: intent };
      });
    }

    if (method === "POST" && url.pathname === "/v1/refunds") {
      if (refundGate) {
        const gate = refundGate;
        gate.arrived += 1;
        if (gate.arrived >= gate.count) {
          refundGate = undefined;
          gate.release();
        }
        await gate.open;
      }
      return idempotent(idempotencyKey, url.pathname, String(init?.body ?? ""), refund);
    }

    const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    const intent = match?.[1] ? intents.get(decodeURIComponent(match[1])) : undefined;
    if (match && !intent) return error(404, "resource_missing", `No such payment_intent: '${match[1]}'`);
    if (intent && method === "GET" && !match?.[2]) return json(200, intent);
    if (intent && method === "POST" && match?.[2]) {
      if (intent.status === "succeeded" || intent.status === "canceled") {
        return error(
          400,
          "payment_intent_unexpected_state",
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        );
      }
      intent.status = "canceled";
      return json(200, intent);
    }
    return error(404, "resource_missing", `Unrecognized request URL (${method}: ${url.pathname}).`);
  };

  return {
    stripe: createStripeClient(Stripe, {
      secretKey: "sk_test_fake",
      httpClient: Stripe.createFetchHttpClient(fakeFetch as typeof fetch),
    }),
    intents,
    calls,
    refunds,
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = "succeeded";
    },
    holdRefundsUntil(count) {
      const gate = { count, arrived: 0, release: () => {} };
      const open = new Promise<void>((resolve) => {
        gate.release = resolve;
      });
      refundGate = { ...gate, open, release: () => gate.release() };
    },
  };
}

/** A payment_intent.succeeded event as Stripe sends it, about `intent`. */
export const paymentSucceededEvent = (id: string, intent: unknown) => ({
  id,
  object: "event",
  type: "payment_intent.succeeded",
  data: { object: intent },
});

/** POSTs `event` to the app's Stripe webhook, signed with `secret` as Stripe signs it. */
export function sendStripeWebhook(app: FastifyInstance, event: object, secret: string) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    payload,
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
  });
}
