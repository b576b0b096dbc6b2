import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Category, CreateCategoryBody } from "@toolshop/shared/categories";
import { apiRequest } from "../../../lib/api-client";
import { toolKeys } from "../../tools/api/search-tools";

/** POST /api/categories (admin): a new category, last among its siblings. */
export function createCategory(body: CreateCategoryBody): Promise<Category> {
  return apiRequest<Category>("/categories", { method: "POST", json: body });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}
