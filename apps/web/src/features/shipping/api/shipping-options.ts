import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ShippingOptions, ShippingOptionsBody } from "@toolshop/shared/shipping";
import { apiRequest } from "../../../lib/api-client";
import { shippingKeys } from "./shipping-methods";

/**
 * POST /api/shipping/options: what these lines cost to ship to the country by each method offered. A
 * read, though a POST (the lines are a body): cached by its body, the previous answer kept while the
 * next loads so that the checkout's total does not jump.
 */
export function shippingOptionsQueryOptions(body: ShippingOptionsBody) {
  return queryOptions({
    queryKey: shippingKeys.options(body),
    queryFn: ({ signal }) =>
      apiRequest<ShippingOptions>("/shipping/options", { method: "POST", json: body, signal }),
    placeholderData: keepPreviousData,
    enabled: body.lines.length > 0,
  });
}
