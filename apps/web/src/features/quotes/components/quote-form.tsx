import { type ChangeEvent, type FocusEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { TextAreaField, TextField } from "../../../components/form-fields";
import { isChunkLoadError, loadChunk } from "../../../lib/chunk-load";
import { notify } from "../../../lib/toast";
import { useHydrated } from "../../../lib/use-hydrated";
import { submitQuoteRequest } from "../api/submit-quote-request";
import {
  isQuoteField,
  QUOTE_FIELDS,
  QUOTE_MAX_LENGTHS,
  QUOTE_QUANTITY_RANGE,
  type QuoteField,
  readQuoteForm,
} from "../quote-fields";
import type { QuoteCheck, QuoteErrors } from "../quote-validation";
import { QuoteToolField } from "./quote-tool-field";

const CHECK_FAILED = "The form could not be checked. Please check your connection and try again.";

/**
 * The request-for-quote form. Its inputs are plain, uncontrolled HTML with the shared schema's caps as
 * the browser's own constraints, so the pre-rendered form takes typing before any script has run and
 * nothing typed is lost when React or the checks arrive. The checks (the shared zod schema, the
 * server's own messages) are a chunk of their own, fetched when the visitor first focuses the form:
 * zod stays out of what the home page loads up front. Once sent, a thank-you message takes its place.
 */
export function QuoteForm() {
  const [sentBy, setSentBy] = useState<string | null>(null);
  if (sentBy !== null) return <ThankYou name={sentBy} onAnother={() => setSentBy(null)} />;
  return <QuoteRequestForm onSent={setSentBy} />;
}

function QuoteRequestForm({ onSent }: { onSent: (name: string) => void }) {
  // Before hydration the browser checks the constraints itself; then our messages take over.
  const scripted = useHydrated();
  const checker = useRef<Promise<typeof import("../quote-validation")>>(undefined);
  // As react-hook-form's "onTouched": a field's message shows once it has lost focus (or on submit),
  // then follows the typing.
  const touched = useRef(new Set<QuoteField>());
  const latestCheck = useRef(0);
  const [errors, setErrors] = useState<QuoteErrors>({});
  const [sending, setSending] = useState(false);

  function loadChecks() {
    if (!checker.current) {
      const loading = loadChunk(() => import("../quote-validation"));
      checker.current = loading;
      // A failed download is tried again on the next attempt.
      loading.catch(() => {
        if (checker.current === loading) checker.current = undefined;
      });
    }
    return checker.current;
  }

  /** Checks the whole form; only the newest check's messages are shown (they finish in any order). */
  async function check(form: HTMLFormElement): Promise<QuoteCheck> {
    const run = ++latestCheck.current;
    const { checkQuoteRequest } = await loadChecks();
    const result = checkQuoteRequest(readQuoteForm(form));
    if (run === latestCheck.current) setErrors(touchedOnly(result.errors ?? {}, touched.current));
    return result;
  }

  function recheck(form: HTMLFormElement) {
    // Without the checks (offline), the server still checks on send; nothing to show meanwhile.
    check(form).catch(() => undefined);
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const field = fieldOf(event.target);
    if (!field) return;
    touched.current.add(field);
    recheck(event.currentTarget);
  }

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const field = fieldOf(event.target);
    if (field && touched.current.has(field)) recheck(event.currentTarget);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    for (const field of QUOTE_FIELDS) touched.current.add(field);
    setSending(true);
    try {
      const result = await check(form);
      if (result.errors) {
        const first = QUOTE_FIELDS.find((field) => result.errors[field]);
        if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
        setSending(false);
        return;
      }
      await submitQuoteRequest(result.request);
      onSent(result.request.name);
    } catch (error) {
      setSending(false);
      notify.error(sendFailure(error));
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void loadChecks().catch(() => undefined)}
      onBlur={onBlur}
      onChange={onChange}
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
        error={errors.name}
        name="name"
        required
        maxLength={QUOTE_MAX_LENGTHS.name}
        autoComplete="name"
      />
      <TextField
        id="quote-email"
        label="Email"
        error={errors.email}
        name="email"
        type="email"
        required
        maxLength={QUOTE_MAX_LENGTHS.email}
        autoComplete="email"
      />
      <TextField
        id="quote-phone"
        label="Phone"
        labelNote="(optional)"
        error={errors.phone}
        name="phone"
        type="tel"
        maxLength={QUOTE_MAX_LENGTHS.phone}
        autoComplete="tel"
      />
      <TextField
        id="quote-company"
        label="Company"
        labelNote="(optional)"
        error={errors.company}
        name="company"
        maxLength={QUOTE_MAX_LENGTHS.company}
        autoComplete="organization"
      />
      <QuoteToolField error={errors.tool} />
      <TextField
        id="quote-quantity"
        label="Quantity"
        labelNote="(optional)"
        error={errors.quantity}
        name="quantity"
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
          error={errors.message}
          name="message"
          required
          maxLength={QUOTE_MAX_LENGTHS.message}
          rows={4}
        />
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <button type="submit" className="btn btn-primary sm:self-start" disabled={sending}>
          {sending ? "Sending…" : "Send request"}
        </button>
      </div>
    </form>
  );
}

/** The quote field an event comes from (the submit button and the form itself are none). */
function fieldOf(target: EventTarget): QuoteField | undefined {
  const { name } = target as { name?: unknown };
  return typeof name === "string" && isQuoteField(name) ? name : undefined;
}

function touchedOnly(errors: QuoteErrors, touched: ReadonlySet<QuoteField>): QuoteErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(field as QuoteField)));
}

function sendFailure(error: unknown): string {
  if (isChunkLoadError(error)) return CHECK_FAILED;
  return error instanceof Error ? error.message : "The request could not be sent.";
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
