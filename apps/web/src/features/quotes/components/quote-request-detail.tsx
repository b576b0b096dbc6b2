import { useQuery } from "@tanstack/react-query";
import type { Quote } from "@toolshop/shared/quote-offers";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ConfirmDeleteDialog } from "../../../components/confirm-delete-dialog";
import { QueryView } from "../../../components/query-view";
import { StatusBadge } from "../../../components/status-badge";
import { notify } from "../../../lib/toast";
import { quoteRequestQueryOptions, useOwnerQuoteCommand } from "../api/owner-quote-api";
import { QuoteOfferEditor } from "./quote-offer-editor";
import { QuoteHistory, QuoteOfferSummary } from "./quote-offer-summary";
import { quoteDateFormat, RequesterDetails } from "./quote-request-card";

interface QuoteRequestDetailProps {
  quoteId: string;
  /** The list, as it was left: its query and what to focus there. */
  back: { search: string; state: unknown };
}

/** One request opened from the list (or a mail's ?open=<id>): the quote, or why it cannot be shown. */
export function QuoteRequestDetail({ quoteId, back }: QuoteRequestDetailProps) {
  const query = useQuery(quoteRequestQueryOptions(quoteId));
  return (
    <div className="flex flex-col gap-4">
      <Link to={{ search: back.search }} state={back.state} className="link self-start">
        ← Back to quote requests
      </Link>
      <QueryView
        query={query}
        pendingLabel="Loading the quote request"
        errorTitle="The quote request could not be loaded."
      >
        {(quote) => <QuoteRequestView quote={quote} />}
      </QueryView>
    </div>
  );
}

/**
 * The request, who sent it and what they wrote, and its offer: an editor while it waits for one (or
 * the owner revises it), else the offer as sent, with Revise and Withdraw while the customer has not
 * answered. The history says when each change happened.
 */
function QuoteRequestView({ quote }: { quote: Quote }) {
  const [revising, setRevising] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const withdraw = useOwnerQuoteCommand(quote._id);
  const withdrawn = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => headingRef.current?.focus();
  // On opening, and after each change (the editor that had the focus is gone): the keyboard starts here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new state or offer is the reason to run.
  useEffect(focusHeading, [quote.state, quote.history.length]);
  const editing = quote.state === "requested" || (quote.state === "offered" && revising);
  return (
    <article aria-labelledby="quote-request-title" className="flex flex-col gap-5">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="quote-request-title"
          ref={headingRef}
          tabIndex={-1}
          className="min-w-0 text-xl font-semibold break-words outline-none"
        >
          Quote request from {quote.name}
        </h2>
        <StatusBadge kind="quote" value={quote.state} />
      </header>
      <RequesterDetails quote={quote}>
        <dt className="font-medium">Asked</dt>
        <dd>
          <time dateTime={quote.createdAt}>{quoteDateFormat.format(new Date(quote.createdAt))}</time>
        </dd>
      </RequesterDetails>
      {quote.message ? (
        <section aria-labelledby="quote-message-title" className="flex flex-col gap-1">
          <h3 id="quote-message-title" className="font-semibold">
            Message
          </h3>
          <p className="break-words whitespace-pre-line">{quote.message}</p>
        </section>
      ) : null}
      <section aria-labelledby="quote-offer-title" className="flex flex-col gap-3">
        <h3 id="quote-offer-title" className="font-semibold">
          {editing
            ? revising
              ? "Revise the offer"
              : "Your offer"
            : quote.total === null
              ? "Tools"
              : "Offer"}
        </h3>
        {editing ? (
          <QuoteOfferEditor
            key={quote.history.length}
            quote={quote}
            revising={revising}
            onSent={() => setRevising(false)}
            onCancel={revising ? () => setRevising(false) : undefined}
          />
        ) : (
          <QuoteOfferSummary quote={quote} />
        )}
        {quote.state === "offered" && !revising ? (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setRevising(true)}>
              Revise
            </button>
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              onClick={() => {
                withdraw.reset();
                setWithdrawing(true);
              }}
            >
              Withdraw
            </button>
          </div>
        ) : null}
        {quote.orderId ? (
          <Link to={`/dashboard/orders/${quote.orderId}`} className="link link-primary self-start">
            The order it became
          </Link>
        ) : null}
        {quote.state === "declined" ? (
          <p>{quote.declineReason ? `Their reason: ${quote.declineReason}` : "They gave no reason."}</p>
        ) : null}
      </section>
      <QuoteHistory history={quote.history} />
      {withdrawing ? (
        <ConfirmDeleteDialog
          idPrefix="withdraw-offer"
          title="Withdraw this offer?"
          text={`${quote.email} can no longer accept it, and is told so by mail. This cannot be undone.`}
          error={withdraw.error}
          busy={withdraw.isPending}
          confirmLabel="Yes, withdraw"
          busyLabel="Withdrawing…"
          onConfirm={(close) =>
            withdraw.mutate(
              { kind: "withdraw" },
              {
                onSuccess: () => {
                  notify.success(`The offer to ${quote.email} is withdrawn.`);
                  withdrawn.current = true;
                  close();
                },
              },
            )
          }
          onClose={() => {
            setWithdrawing(false);
            // Withdrawn, the button that opened the dialog is gone: the heading takes the focus instead.
            if (withdrawn.current) focusHeading();
          }}
        />
      ) : null}
    </article>
  );
}
