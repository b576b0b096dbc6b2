import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ShippingMethod, ShippingMethodBody } from "@toolshop/shared/shipping";
import { apiRequest } from "../../../lib/api-client";

export const shippingKeys = {
  all: ["shipping"] as const,
  methods: () => [...shippingKeys.all, "methods"] as const,
  options: (body: object) => [...shippingKeys.all, "options", body] as const,
};

/** GET /api/shipping-methods (admin): every method in checkout's order (decision 0067). */
export const shippingMethodsQueryOptions = queryOptions({
  queryKey: shippingKeys.methods(),
  queryFn: ({ signal }) => apiRequest<ShippingMethod[]>("/shipping-methods", { signal }),
});

/** POST /api/shipping-methods, or PUT /api/shipping-methods/:id with `id`. */
export function saveShippingMethod({
  id,
  body,
}: {
  id?: string;
  body: ShippingMethodBody;
}): Promise<ShippingMethod> {
  return id
    ? apiRequest<ShippingMethod>(`/shipping-methods/${encodeURIComponent(id)}`, { method: "PUT", json: body })
    : apiRequest<ShippingMethod>("/shipping-methods", { method: "POST", json: body });
}

/** DELETE /api/shipping-methods/:id: orders placed keep its name and charge. */
export function deleteShippingMethod(id: string): Promise<{ deletedCount: number }> {
  return apiRequest(`/shipping-methods/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Every change also changes what checkout offers: both are refreshed. */
export function useSaveShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
  });
}

export function useDeleteShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
  });
}
