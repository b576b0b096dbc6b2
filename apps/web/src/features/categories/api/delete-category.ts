import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { toolKeys } from "../../tools/api/search-tools";

/** DELETE /api/categories/:id (admin): refused (409) while it holds tools or sub-categories. */
export function deleteCategory(id: string): Promise<{ deletedCount: number }> {
  return apiRequest<{ deletedCount: number }>(`/categories/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}
