import { useQuery } from "@tanstack/react-query";
import { effectiveQuoteState, QUOTE_STATE_LABELS, type QuoteState } from "@toolshop/shared/quote-lifecycle";
import type { Quote } from "@toolshop/shared/quote-offers";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { QueryView } from "../../../components/query-view";
import { Screen } from "../../../components/screen";
import type { TaxedTotal } from "../../../components/tax-summary";
import { myQuoteQueryOptions } from "../api/my-quotes-api";
import { enteredStateAt, QuoteDate, QuoteStateBadge, useOfferTotal } from "../quote-view";
import { AcceptOfferDialog } from "./accept-offer-dialog";
import { DeclineOfferDialog } from "./decline-offer-dialog";
import { OfferLines } from "./offer-lines";

const PANEL = "flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6";

/** What happened to the quote, in a sentence with its date. */
function stateSentence(quote: Quote, state: QuoteState): ReactNode {
  const at = enteredStateAt(quote);
  const when = at ? (
    <>
      {" "}
      on <QuoteDate at={at} />
    </>
  ) : null;
  switch (state) {
    case "requested":
      return "The shop has your request and will mail you an offer.";
    case "offered":
      return quote.validUntil ? (
        <>
          This offer is valid until <QuoteDate at={quote.validUntil} />. Accept it to order these tools at
          these prices, or decline it.
        </>
      ) : null;
    case "accepted":
      return <>You accepted this offer{when}: it became your order.</>;
    case "declined":
      return <>You declined this offer{when}.</>;
    case "expired":
      return quote.validUntil ? (
        <>
          This offer ran out on <QuoteDate at={quote.validUntil} /> and can no longer be accepted. Ask for a
          new quote from your cart.
        </>
      ) : (
        "This offer has run out and can no longer be accepted."
      );
    case "withdrawn":
      return <>The shop withdrew this offer{when}.</>;
  }
}

interface OfferStateProps {
  quote: Quote;
  state: QuoteState;
  total: TaxedTotal | null;
  email: string;
  refusal: string | null;
  onRefused: (message: string) => void;
}

/** The quote's state, what it means, and what the customer may do now. */
function OfferState({ quote, state, total, email, refusal, onRefused }: OfferStateProps) {
  const [dialog, setDialog] = useState<"accept" | "decline" | null>(null);
  const open = state === "offered" && total !== null;
  return (
    <section aria-labelledby="quote-state-heading" className={PANEL}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="quote-state-heading" className="text-xl font-semibold">
          State
        </h2>
        <QuoteStateBadge state={state} />
      </div>
      <p>{stateSentence(quote, state)}</p>
      {state === "declined" && quote.declineReason ? (
        <p className="break-words whitespace-pre-line">Your reason: {quote.declineReason}</p>
      ) : null}
      {state === "accepted" && quote.orderId ? (
        <Link to={`/dashboard/orders/${encodeURIComponent(quote.orderId)}`} className="link link-primary">
          See your order
        </Link>
      ) : null}
      {refusal && open && dialog === null ? (
        <p role="alert" className="rounded-field bg-error/10 p-3 text-error">
          The offer was not accepted: {refusal}
        </p>
      ) : null}
      {open ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="button" className="btn btn-primary" onClick={() => setDialog("accept")}>
            Accept
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setDialog("decline")}>
            Decline
          </button>
        </div>
      ) : null}
      {dialog === "accept" && total ? (
        <AcceptOfferDialog
          quote={quote}
          total={total}
          email={email}
          onRefused={onRefused}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "decline" ? <DeclineOfferDialog quote={quote} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

function OfferDetails({ quote, email }: { quote: Quote; email: string }) {
  // An offer that ran out while the page was open is expired here too (the server refuses it anyway).
  const state = effectiveQuoteState(quote.state, quote.validUntil);
  const total = useOfferTotal(quote);
  const [refusal, setRefusal] = useState<string | null>(null);
  const request: [string, string][] = [
    ["Company", quote.company],
    ["Your message", quote.message],
  ];
  return (
    <div className="flex flex-col gap-4">
      <OfferState
        quote={quote}
        state={state}
        total={total}
        email={email}
        refusal={refusal}
        onRefused={setRefusal}
      />
      <OfferLines quote={quote} total={total} refusal={refusal} />
      {quote.note ? (
        <section aria-labelledby="quote-note-heading" className={PANEL}>
          <h2 id="quote-note-heading" className="text-xl font-semibold">
            Note from the shop
          </h2>
          <p className="break-words whitespace-pre-line">{quote.note}</p>
        </section>
      ) : null}
      {request.some(([, value]) => value !== "") ? (
        <section aria-labelledby="quote-request-heading" className={PANEL}>
          <h2 id="quote-request-heading" className="text-xl font-semibold">
            Your request
          </h2>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
            {request
              .filter(([, value]) => value !== "")
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium">{label}</dt>
                  <dd className="break-words whitespace-pre-line">{value}</dd>
                </div>
              ))}
          </dl>
        </section>
      ) : null}
      <section aria-labelledby="quote-history-heading" className={PANEL}>
        <h2 id="quote-history-heading" className="text-xl font-semibold">
          History
        </h2>
        <ol className="flex flex-col gap-1">
          {quote.history.map((entry, index) => (
            // The same state may come twice (a revised offer), at the same time even: hence the index.
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end
            <li key={index}>
              <span className="font-medium">{QUOTE_STATE_LABELS[entry.state]}</span> ·{" "}
              <QuoteDate at={entry.at} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** /dashboard/quotes/:id: one quote, its offer and the customer's answer (its owner; 404 for anyone else). */
export function OfferPage({ quoteId, email }: { quoteId: string; email: string }) {
  const query = useQuery(myQuoteQueryOptions(quoteId));
  return (
    <Screen title="Your quote">
      <Link to="/dashboard/quotes" className="link self-start link-primary">
        Back to My quotes
      </Link>
      <QueryView query={query} pendingLabel="Loading your quote" errorTitle="This quote could not be loaded.">
        {(quote) => <OfferDetails quote={quote} email={email} />}
      </QueryView>
    </Screen>
  );
}
