import { queryOptions } from "@tanstack/react-query";
import type { Order } from "@toolshop/shared/orders";
import type {
  CreatePaymentIntentResponse,
  PaymentConfig,
  TestGatewayConfirmBody,
  TestGatewayConfirmResponse,
} from "@toolshop/shared/payments";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/payment-config: which card form to show (the built-in test gateway or Stripe). */
export const paymentConfigQueryOptions = queryOptions({
  queryKey: ["payment-config"],
  queryFn: ({ signal }) => apiRequest<PaymentConfig>("/payment-config", { signal }),
  // The server's configuration does not change while the page is open.
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * POST /api/create-payment-intent: the secret of the order's open payment. Repeated calls answer the
 * same payment, so it is fetched like data; the amount comes from the order on the server.
 */
export function paymentIntentQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ["payment-intent", orderId],
    queryFn: ({ signal }) =>
      apiRequest<CreatePaymentIntentResponse>("/create-payment-intent", {
        method: "POST",
        json: { orderId },
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** POST /api/test-gateway/confirm: answers like Stripe.js confirmCardPayment, `{paymentIntent}` or `{error}`. */
export function confirmTestCardPayment(body: TestGatewayConfirmBody): Promise<TestGatewayConfirmResponse> {
  return apiRequest<TestGatewayConfirmResponse>("/test-gateway/confirm", { method: "POST", json: body });
}

/** PATCH /api/orders/:id after a successful payment: the server checks the payment and marks the order paid. */
export function recordOrderPayment(orderId: string, transactionId: string): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}`, {
    method: "PATCH",
    json: { transactionId },
  });
}
