import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Category, UpdateCategoryBody } from "@toolshop/shared/categories";
import { apiRequest } from "../../../lib/api-client";
import { toolKeys } from "../../tools/api/search-tools";

/** PATCH /api/categories/:id (admin): rename, move under another parent, or up or down. */
export function updateCategory(id: string, body: UpdateCategoryBody): Promise<Category> {
  return apiRequest<Category>(`/categories/${encodeURIComponent(id)}`, { method: "PATCH", json: body });
}

/** Every tool answer shows its category's name and path: they are all refreshed with the tree. */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCategoryBody }) => updateCategory(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}
