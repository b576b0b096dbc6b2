import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Shop } from "@toolshop/shared/tools";
import { apiRequest } from "../../../lib/api-client";

/**
 * GET /api/shop: the tax in force (cart and checkout preview it; an order answers its own) and the
 * seller's details (the printed receipt). They change only with the server's configuration: read once.
 */
export const shopQueryOptions = queryOptions({
  queryKey: ["shop"],
  queryFn: ({ signal }) => apiRequest<Shop>("/shop", { withoutAccessToken: true, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The shop's settings, or undefined while they load (or when they cannot: screens then show no tax rows). */
export function useShop(): Shop | undefined {
  return useQuery(shopQueryOptions).data;
}
