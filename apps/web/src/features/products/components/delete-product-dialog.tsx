import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Tool } from "@toolshop/shared/tools";
import { ConfirmDeleteDialog } from "../../../components/confirm-delete-dialog";
import { notify } from "../../../lib/toast";
import { deleteTool, TOOLS_QUERY_KEY } from "../api/products-api";

export const productDeletedMessage = (name: string) => `${name} deleted`;

interface DeleteProductDialogProps {
  tool: Tool;
  onClose: () => void;
}

/** Asks before a product is deleted; the server refuses (and says why) for one customers have paid for. */
export function DeleteProductDialog({ tool, onClose }: DeleteProductDialogProps) {
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: () => deleteTool(tool._id),
    onSuccess: () => {
      notify.success(productDeletedMessage(tool.name));
      return queryClient.invalidateQueries({ queryKey: TOOLS_QUERY_KEY });
    },
  });
  return (
    <ConfirmDeleteDialog
      idPrefix="delete-product"
      title={`Delete ${tool.name}?`}
      text="It disappears from the shop. Unpaid orders for it keep their own copy of it."
      error={removal.error}
      busy={removal.isPending}
      onConfirm={(close) => removal.mutate(undefined, { onSuccess: close })}
      onClose={onClose}
    />
  );
}
