import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Quote, QuoteAcceptBody } from "@toolshop/shared/quote-offers";
import { useNavigate } from "react-router";
import { ModalDialog } from "../../../components/modal-dialog";
import { Money } from "../../../components/money";
import type { TaxedTotal } from "../../../components/tax-summary";
import { ApiRequestError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { CART_QUERY_KEY } from "../../cart/api/cart-api";
import { announceCartChanged } from "../../cart/api/cart-broadcast";
import { ORDERS_QUERY_KEY } from "../../orders/api/orders-api";
import { DeliveryDetailsFields, useDeliveryForm, useSubmitOnce } from "../../orders/delivery-details";
import { toolKeys } from "../../tools/api/search-tools";
import { acceptQuote, MY_QUOTES_QUERY_KEY } from "../api/my-quotes-api";
import { quoteSummary } from "../quote-view";

export const OFFER_ACCEPTED_MESSAGE = "Offer accepted: your order is placed at the offered prices.";

interface AcceptOfferDialogProps {
  quote: Quote;
  total: TaxedTotal;
  /** The signed-in customer's email, shown read-only (the server takes it from the token). */
  email: string;
  /** The server refused (a short line, the offer ran out): its sentence, for the page to show too. */
  onRefused: (message: string) => void;
  onClose: () => void;
}

/**
 * Accepting an offer: where the order goes (the profile's address and phone filled in), then the
 * unpaid order at the offered prices, which the customer pays at once as any order. A refusal (409:
 * a line is short, the offer has run out or was withdrawn) stays in the dialog in the server's words.
 */
export function AcceptOfferDialog({ quote, total, email, onRefused, onClose }: AcceptOfferDialogProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The accept's body is the cart checkout's address and phone, with the same rules and messages.
  const {
    form: {
      register,
      handleSubmit,
      formState: { errors },
    },
  } = useDeliveryForm(email);
  const accept = useMutation({
    mutationFn: (body: QuoteAcceptBody) => acceptQuote(quote._id, body),
    onSuccess: async (order) => {
      notify.success(OFFER_ACCEPTED_MESSAGE);
      await navigate(`/dashboard/payment/${encodeURIComponent(order._id)}`);
      await queryClient.invalidateQueries({ queryKey: MY_QUOTES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: toolKeys.all });
      // The order took the quote's tools out of the cart on the server: the badge and /cart follow.
      await queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      announceCartChanged(email);
    },
    onError: (error) => {
      if (!(error instanceof ApiRequestError) || error.status !== 409) return;
      onRefused(error.message);
      // The quote may have changed under the customer (expired, withdrawn): show it as it is now.
      void queryClient.invalidateQueries({ queryKey: MY_QUOTES_QUERY_KEY });
    },
  });
  const onSubmit = useSubmitOnce(handleSubmit, accept.mutateAsync);
  const busy = accept.isPending || accept.isSuccess;

  return (
    <ModalDialog
      titleId="accept-offer-title"
      title="Accept the offer"
      describedById="accept-offer-text"
      busy={busy}
      onClose={onClose}
    >
      {(close) => (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
          <p id="accept-offer-text">
            You order {quoteSummary(quote)} for <Money amount={total.gross} /> at the offered prices, and pay
            next.
          </p>
          <DeliveryDetailsFields
            idPrefix="accept-offer"
            email={email}
            address={register("address")}
            phone={register("phone")}
            errors={errors}
          />
          {accept.error ? (
            <p role="alert" className="alert alert-error">
              The offer was not accepted: {accept.error.message}
            </p>
          ) : null}
          <div className="modal-action flex-wrap">
            <button type="button" className="btn" onClick={close} disabled={busy}>
              Back
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? "Placing the order…" : "Accept and order"}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
