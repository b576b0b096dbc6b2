import { zodResolver } from "@hookform/resolvers/zod";
import { type QuoteRequest, quoteRequestSchema } from "@toolshop/shared/quotes";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "../../../components/form-field";
import { notify } from "../../../lib/toast";
import { submitQuoteRequest } from "../api/submit-quote-request";

type QuoteFormValues = z.input<typeof quoteRequestSchema>;

const EMPTY: QuoteFormValues = { name: "", email: "", phone: "", company: "", tool: "", message: "" };

/** An empty number field means "no quantity given", not zero. */
const optionalNumber = (value: unknown) => (value === "" ? undefined : value);

interface QuoteFormProps {
  /** The catalogue's tool names for the tool select. */
  toolNames: string[];
}

/**
 * The request-for-quote form, validated with the shared schema; each message shows under its field.
 * Once sent, a thank-you message takes its place.
 */
export function QuoteForm({ toolNames }: QuoteFormProps) {
  const [sentBy, setSentBy] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<QuoteFormValues, unknown, QuoteRequest>({
    resolver: zodResolver(quoteRequestSchema),
    defaultValues: EMPTY,
    mode: "onTouched",
  });

  const onSubmit = async (request: QuoteRequest) => {
    try {
      await submitQuoteRequest(request);
      reset(EMPTY);
      setSentBy(request.name);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : "The request could not be sent.");
    }
  };

  if (sentBy !== null) return <ThankYou name={sentBy} onAnother={() => setSentBy(null)} />;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField id="quote-name" label="Name" error={errors.name?.message}>
        {(control) => (
          <input {...control} {...register("name")} autoComplete="name" className="input w-full" />
        )}
      </FormField>
      <FormField id="quote-email" label="Email" error={errors.email?.message}>
        {(control) => (
          <input
            {...control}
            {...register("email")}
            type="email"
            autoComplete="email"
            className="input w-full"
          />
        )}
      </FormField>
      <FormField id="quote-phone" label="Phone" labelNote="(optional)" error={errors.phone?.message}>
        {(control) => (
          <input {...control} {...register("phone")} type="tel" autoComplete="tel" className="input w-full" />
        )}
      </FormField>
      <FormField id="quote-company" label="Company" labelNote="(optional)" error={errors.company?.message}>
        {(control) => (
          <input {...control} {...register("company")} autoComplete="organization" className="input w-full" />
        )}
      </FormField>
      <FormField id="quote-tool" label="Tool" labelNote="(optional)" error={errors.tool?.message}>
        {(control) => (
          <select {...control} {...register("tool")} className="select w-full">
            <option value="">Any tool / not sure yet</option>
            {toolNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="quote-quantity" label="Quantity" labelNote="(optional)" error={errors.quantity?.message}>
        {(control) => (
          <input
            {...control}
            {...register("quantity", { setValueAs: optionalNumber })}
            type="number"
            min={1}
            inputMode="numeric"
            className="input w-full"
          />
        )}
      </FormField>
      <div className="sm:col-span-2">
        <FormField id="quote-message" label="Message" error={errors.message?.message}>
          {(control) => (
            <textarea {...control} {...register("message")} rows={4} className="textarea w-full" />
          )}
        </FormField>
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
