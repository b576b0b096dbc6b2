import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { toolKeys } from "../../tools/api/search-tools";

/** DELETE /api/attributes/:id (admin): every tool's value of it goes with it. */
export function deleteAttribute(id: string): Promise<{ deletedCount: number }> {
  return apiRequest<{ deletedCount: number }>(`/attributes/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** The tools that had a value answer without it: they are refreshed with the attributes. */
export function useDeleteAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttribute,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}
