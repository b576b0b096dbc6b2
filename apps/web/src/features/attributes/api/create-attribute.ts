import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Attribute, CreateAttributeBody } from "@toolshop/shared/attributes";
import { apiRequest } from "../../../lib/api-client";
import { attributesKey } from "./get-attributes";

/** POST /api/attributes (admin): a new attribute, last in the order; a key taken is a 409. */
export function createAttribute(body: CreateAttributeBody): Promise<Attribute> {
  return apiRequest<Attribute>("/attributes", { method: "POST", json: body });
}

export function useCreateAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAttribute,
    onSettled: () => queryClient.invalidateQueries({ queryKey: attributesKey }),
  });
}
