import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CartLine } from "@toolshop/shared/cart";
import { QUOTE_LIMITS } from "@toolshop/shared/quote-limits";
import { type CartQuoteForm, cartQuoteFormSchema } from "@toolshop/shared/quote-offers";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { TextAreaField, TextField } from "../../../components/form-fields";
import { formatCount } from "../../../lib/format";
import { useSubmitOnce } from "../../orders/delivery-details";
import { askForQuote, MY_QUOTES_QUERY_KEY } from "../api/my-quotes-api";

/** Said when the quote is asked for: the order placed by accepting the offer takes the tools out. */
export const STAY_IN_CART =
  "The tools stay in your cart until you accept the offer; its order then takes them out.";

/** The cart's quote block; a visitor sent to sign in comes back here with the form open. */
export const ASK_FOR_QUOTE_ID = "ask-for-quote";

/**
 * "Ask for a quote" under the cart (issue 49): a signed-in customer sends the cart's lines with their
 * company and a message, and gets a link to the new quote; a visitor signs in first and comes back.
 */
export function AskForQuote({ lines, signedIn }: { lines: CartLine[]; signedIn: boolean }) {
  return (
    <section
      id={ASK_FOR_QUOTE_ID}
      aria-labelledby="ask-for-quote-heading"
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id="ask-for-quote-heading" className="text-xl font-semibold">
        Buying in quantity?
      </h2>
      <p className="text-base-content/80">
        Ask for a quote on the tools in your cart: the shop mails you an offer, which you can accept and pay
        here.
      </p>
      {signedIn ? <CartQuoteRequest lines={lines} /> : <SignInToAsk />}
    </section>
  );
}

function SignInToAsk() {
  const { pathname, search } = useLocation();
  // Login brings the customer back to this block (returnPathFrom), where the form opens.
  const from = { pathname, search, hash: `#${ASK_FOR_QUOTE_ID}` };
  return (
    <Link to="/login" state={{ from }} className="btn btn-outline self-start">
      Sign in to ask for a quote
    </Link>
  );
}

function CartQuoteRequest({ lines }: { lines: CartLine[] }) {
  const { hash } = useLocation();
  const [open, setOpen] = useState(hash === `#${ASK_FOR_QUOTE_ID}`);
  const [sentId, setSentId] = useState<string | null>(null);
  if (sentId) return <QuoteSent quoteId={sentId} />;
  if (!open) {
    return (
      <button type="button" className="btn btn-outline self-start" onClick={() => setOpen(true)}>
        Ask for a quote
      </button>
    );
  }
  return <CartQuoteRequestForm lines={lines} onSent={setSentId} onCancel={() => setOpen(false)} />;
}

interface CartQuoteRequestFormProps {
  lines: CartLine[];
  onSent: (quoteId: string) => void;
  onCancel: () => void;
}

function CartQuoteRequestForm({ lines, onSent, onCancel }: CartQuoteRequestFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<CartQuoteForm>({
    resolver: zodResolver(cartQuoteFormSchema),
    defaultValues: { company: "", message: "" },
  });
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = form;
  // Opened by the button (or on coming back from login): the keyboard starts in the form.
  useEffect(() => setFocus("company"), [setFocus]);
  const ask = useMutation({
    mutationFn: (values: CartQuoteForm) =>
      askForQuote({
        lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
        company: values.company ?? "",
        message: values.message,
      }),
    onSuccess: (sent) => {
      void queryClient.invalidateQueries({ queryKey: MY_QUOTES_QUERY_KEY });
      onSent(sent._id);
    },
  });
  const onSubmit = useSubmitOnce(handleSubmit, ask.mutateAsync);
  const tools = lines.length === 1 ? "the tool" : `the ${formatCount(lines.length)} tools`;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Ask for a quote" className="flex flex-col gap-3">
      <p>The request names {tools} in your cart with their quantities.</p>
      <p>{STAY_IN_CART}</p>
      <TextField
        id="ask-for-quote-company"
        label="Company"
        labelNote="(optional)"
        error={errors.company?.message}
        registration={register("company")}
        maxLength={QUOTE_LIMITS.company}
        autoComplete="organization"
      />
      <TextAreaField
        id="ask-for-quote-message"
        label="Message"
        labelNote="(optional)"
        hint="Delivery dates, a quantity you plan to order later, anything the shop should know."
        error={errors.message?.message}
        registration={register("message")}
        maxLength={QUOTE_LIMITS.message}
        rows={3}
      />
      {ask.error ? (
        <p role="alert" className="rounded-field bg-error/10 p-3 text-error">
          The request was not sent: {ask.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={ask.isPending}>
          {ask.isPending ? "Sending…" : "Send the request"}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={ask.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The confirmation in place of the form, focused so that it is read out, with the way to the quote. */
function QuoteSent({ quoteId }: { quoteId: string }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="status"
      className="flex flex-col gap-1 rounded-field bg-success/10 p-3"
    >
      <p className="font-semibold">Your request for a quote is sent.</p>
      <p>The shop will mail you its offer; you will find it in My quotes.</p>
      <p>{STAY_IN_CART}</p>
      <Link to={`/dashboard/quotes/${encodeURIComponent(quoteId)}`} className="link self-start link-primary">
        See your quote
      </Link>
    </div>
  );
}
