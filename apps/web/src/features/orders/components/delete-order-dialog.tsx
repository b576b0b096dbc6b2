import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order } from "@toolshop/shared/orders";
import { ConfirmDeleteDialog } from "../../../components/confirm-delete-dialog";
import { linesInWords, orderTitle } from "../../../lib/order-lines";
import { notify } from "../../../lib/toast";
import { deleteOrder, ORDERS_QUERY_KEY } from "../api/orders-api";

/** docs/product.md section 8, typo included. */
export const deletedMessage = (order: Pick<Order, "name" | "lines">) =>
  `${orderTitle(order)} Delete succesfully`;
export const DELETE_FAILED_MESSAGE = "please try again";

interface DeleteOrderDialogProps {
  /** The order to delete; the dialog is open while there is one. */
  order: Order;
  onClose: () => void;
}

/** Asks before an order is deleted (docs/product.md section 2). */
export function DeleteOrderDialog({ order, onClose }: DeleteOrderDialogProps) {
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: () => deleteOrder(order._id),
    onSuccess: ({ deletedCount }) => {
      if (deletedCount > 0) notify.success(deletedMessage(order));
      else notify.error(DELETE_FAILED_MESSAGE);
    },
    // E.g. the order was paid meanwhile: the list is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
  return (
    <ConfirmDeleteDialog
      idPrefix="delete-order"
      title="Delete this order?"
      text={`${linesInWords(order)} will be deleted and cannot be paid any more.`}
      error={removal.error}
      busy={removal.isPending}
      onConfirm={(close) =>
        removal.mutate(undefined, {
          // Whatever the answer, the dialog closes and the list is fetched again.
          onSuccess: () => {
            close();
            void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
          },
        })
      }
      onClose={onClose}
    />
  );
}
