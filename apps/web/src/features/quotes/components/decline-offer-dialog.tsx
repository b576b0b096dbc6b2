import { useMutation, useQueryClient } from "@tanstack/react-query";
import { QUOTE_REASON_MAX_LENGTH, type Quote, quoteDeclineBodySchema } from "@toolshop/shared/quote-offers";
import { type FormEvent, useRef, useState } from "react";
import { TextAreaField } from "../../../components/form-fields";
import { ModalDialog } from "../../../components/modal-dialog";
import { notify } from "../../../lib/toast";
import { declineQuote, MY_QUOTES_QUERY_KEY, myQuoteQueryOptions } from "../api/my-quotes-api";
import { quoteSummary } from "../quote-view";

export const OFFER_DECLINED_MESSAGE = "Offer declined. Thank you for letting us know.";

/** Declining an offer, with a reason if the customer wishes to give one (the shop is mailed it). */
export function DeclineOfferDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const queryClient = useQueryClient();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const decline = useMutation({
    mutationFn: (body: { reason?: string }) => declineQuote(quote._id, body),
    onSuccess: (declined) => {
      notify.success(OFFER_DECLINED_MESSAGE);
      queryClient.setQueryData(myQuoteQueryOptions(quote._id).queryKey, declined);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_QUOTES_QUERY_KEY }),
  });

  const submit = (event: FormEvent, close: () => void) => {
    event.preventDefault();
    const parsed = quoteDeclineBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    const body = parsed.data.reason ? { reason: parsed.data.reason } : {};
    decline.mutate(body, { onSuccess: close });
  };

  return (
    <ModalDialog
      titleId="decline-offer-title"
      title="Decline the offer?"
      describedById="decline-offer-text"
      busy={decline.isPending}
      onClose={onClose}
      initialFocus={reasonRef}
    >
      {(close) => (
        <form noValidate onSubmit={(event) => submit(event, close)} className="flex flex-col gap-3">
          <p id="decline-offer-text">
            The offer for {quoteSummary(quote)} ends here and cannot be accepted afterwards.
          </p>
          <TextAreaField
            id="decline-reason"
            label="Why? Tell the shop if you wish"
            labelNote="(optional)"
            error={reasonError}
            ref={reasonRef}
            rows={3}
            maxLength={QUOTE_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {decline.error ? (
            <p role="alert" className="alert alert-error">
              The offer was not declined: {decline.error.message}
            </p>
          ) : null}
          <div className="modal-action flex-wrap">
            <button type="button" className="btn" onClick={close} disabled={decline.isPending}>
              Keep the offer
            </button>
            <button type="submit" className="btn btn-error" disabled={decline.isPending}>
              {decline.isPending ? "Declining…" : "Decline the offer"}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
