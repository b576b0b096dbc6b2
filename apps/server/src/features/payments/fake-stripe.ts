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
  const byIdempotencyKey = new Map<string, FakeIntent>();
  const calls: FakeStripe["calls"] = [];
  const refunds: FakeRefund[] = [];
  const refundsByIdempotencyKey = new Map<string, { refund: FakeRefund; params: string }>();
  let refundGate: { count: number; arrived: number; open: Promise<void>; release: () => void } | undefined;

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const error = (status: number, code: string, message: string) =>
    json(status, { error: { type: "invalid_request_error", code, message } });

  const fakeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    const idempotencyKey = new Headers(init?.headers).get("idempotency-key");
    calls.push({ method, path: url.pathname, idempotencyKey });

    if (method === "POST" && url.pathname === "/v1/payment_intents") {
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return json(200, known);
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
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
      return json(200, intent);
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
      const params = String(init?.body ?? "");
      const known = idempotencyKey ? refundsByIdempotencyKey.get(idempotencyKey) : undefined;
      // Stripe answers a retry with the first result, and refuses the key sent with other parameters.
      if (known && known.params === params) return json(200, known.refund);
      if (known) {
        return json(400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      const form = new URLSearchParams(params);
      const paymentIntent = form.get("payment_intent") ?? "";
      const refunded = intents.get(paymentIntent);
      if (!refunded) return error(404, "resource_missing", `No such payment_intent: '${paymentIntent}'`);
      if (refunded.status !== "succeeded") {
        return error(
          400,
          "payment_intent_unexpected_state",
          "This PaymentIntent does not have a successful charge to refund.",
        );
      }
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString("hex")}`,
        object: "refund",
        // Part of the payment when the call names an amount, as Stripe's refunds do.
        amount: form.has("amount") ? Number(form.get("amount")) : refunded.amount,
        payment_intent: paymentIntent,
        status: "succeeded",
      };
      refunds.push(refund);
      if (idempotencyKey) refundsByIdempotencyKey.set(idempotencyKey, { refund, params });
      return json(200, refund);
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
