import type { QuoteRequest } from "@toolshop/shared/quotes";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { TextAreaField, TextField } from "../../../components/form-fields";
import { loadChunk } from "../../../lib/chunk-load";
import { notify } from "../../../lib/toast";
import { useHydrated } from "../../../lib/use-hydrated";
import { submitQuoteRequest } from "../api/submit-quote-request";
import { QUOTE_MAX_LENGTHS, QUOTE_QUANTITY_RANGE } from "../quote-fields";
import type { QuoteFormValues } from "../quote-validation";
import { QuoteToolField } from "./quote-tool-field";

const CHECK_FAILED = "The form could not be checked. Please check your connection and try again.";

/**
 * The request-for-quote form, on react-hook-form with the shared zod schema as the other forms are.
 * Its inputs are uncontrolled HTML with the shared schema's caps as the browser's own constraints, so
 * the pre-rendered form takes typing before any script has run, and react-hook-form, given no default
 * values, reads what was typed from the inputs as it takes them over. The checks (the shared schema,
 * the server's own messages) are a chunk of their own, fetched when the visitor first focuses the form:
 * zod stays out of what the home page loads up front. Once sent, a thank-you message takes its place.
 */
export function QuoteForm() {
  const [sentBy, setSentBy] = useState<string | null>(null);
  if (sentBy !== null) return <ThankYou name={sentBy} onAnother={() => setSentBy(null)} />;
  return <QuoteRequestForm onSent={setSentBy} />;
}

let checks: Promise<typeof import("../quote-validation")> | undefined;

function loadChecks() {
  if (!checks) {
    const loading = loadChunk(() => import("../quote-validation"));
    checks = loading;
    // A failed download is tried again on the next attempt.
    loading.catch(() => {
      if (checks === loading) checks = undefined;
    });
  }
  return checks;
}

/** What the resolver answers while the checks cannot be downloaded: no field's message, and no send. */
const CHECKS_MISSING = "checks-missing";

/** The shared schema's resolver, once its chunk is here. */
const quoteResolver: Resolver<QuoteFormValues, unknown, QuoteRequest> = async (values, context, options) => {
  try {
    const { quoteRequestResolver } = await loadChecks();
    return await quoteRequestResolver(values, context, options);
  } catch {
    // Offline, a field that is left says nothing (the server checks on send anyway); a send says why not.
    return { values: {}, errors: { root: { type: CHECKS_MISSING, message: CHECK_FAILED } } };
  }
};

function QuoteRequestForm({ onSent }: { onSent: (name: string) => void }) {
  // Before hydration the browser checks the constraints itself; then our messages take over.
  const scripted = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<QuoteFormValues, unknown, QuoteRequest>({
    resolver: quoteResolver,
    // A field's message shows once it has lost focus (or on submit), then follows the typing.
    mode: "onTouched",
  });
  const send = handleSubmit(
    async (request) => {
      await submitQuoteRequest(request);
      onSent(request.name);
    },
    (invalid) => {
      if (invalid.root?.type === CHECKS_MISSING) notify.error(CHECK_FAILED);
    },
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    send(event).catch((error: unknown) =>
      notify.error(error instanceof Error ? error.message : "The request could not be sent."),
    );

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void loadChecks().catch(() => undefined)}
      noValidate={scripted}
      // Before hydration a submit must not navigate (a GET would put the request in the address): a
      // dialog-method form outside a dialog submits nowhere, and keeps what was typed. Then onSubmit
      // handles it.
      method="dialog"
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField
        id="quote-name"
        label="Name"
        error={errors.name?.message}
        registration={register("name")}
        required
        maxLength={QUOTE_MAX_LENGTHS.name}
        autoComplete="name"
      />
      <TextField
        id="quote-email"
        label="Email"
        error={errors.email?.message}
        registration={register("email")}
        type="email"
        required
        maxLength={QUOTE_MAX_LENGTHS.email}
        autoComplete="email"
      />
      <TextField
        id="quote-phone"
        label="Phone"
        labelNote="(optional)"
        error={errors.phone?.message}
        registration={register("phone")}
        type="tel"
        maxLength={QUOTE_MAX_LENGTHS.phone}
        autoComplete="tel"
      />
      <TextField
        id="quote-company"
        label="Company"
        labelNote="(optional)"
        error={errors.company?.message}
        registration={register("company")}
        maxLength={QUOTE_MAX_LENGTHS.company}
        autoComplete="organization"
      />
      <QuoteToolField error={errors.tool?.message} registration={register("tool")} />
      <TextField
        id="quote-quantity"
        label="Quantity"
        labelNote="(optional)"
        error={errors.quantity?.message}
        // Empty is "no quantity given", not zero.
        registration={register("quantity", {
          setValueAs: (typed: string) => (typed === "" ? undefined : typed),
        })}
        type="number"
        min={QUOTE_QUANTITY_RANGE.min}
        max={QUOTE_QUANTITY_RANGE.max}
        step={1}
        inputMode="numeric"
      />
      <div className="sm:col-span-2">
        <TextAreaField
          id="quote-message"
          label="Message"
          error={errors.message?.message}
          registration={register("message")}
          required
          maxLength={QUOTE_MAX_LENGTHS.message}
          rows={4}
        />
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <button type="submit" className="btn btn-primary sm:self-start" disabled={isSubmitting}>
          {isSubmitting ? "Sending…" : "Send request"}
        </button>
      </div>
    </form>
  );
}

function ThankYou({ name, onAnother }: { name: string; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form (and the focused button) is gone: keyboard and screen reader users continue from here.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className="flex flex-col items-start gap-4 py-6">
      <h3 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
        Thank you, {name}!
      </h3>
      <p className="text-base-content/80">
        Your request has reached our sales team. We will answer by email within one business day.
      </p>
      <button type="button" className="btn btn-outline" onClick={onAnother}>
        Send another request
      </button>
    </div>
  );
}
