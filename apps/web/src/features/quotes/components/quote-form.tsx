import { zodResolver } from "@hookform/resolvers/zod";
import { type QuoteRequest, quoteRequestSchema } from "@toolshop/shared/quotes";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "../../../components/form-field";
import { notify } from "../../../lib/toast";
import {
  QUOTE_REQUESTS_OPEN,
  SALES_EMAIL,
  SALES_PHONE,
  submitQuoteRequest,
} from "../api/submit-quote-request";

type QuoteFormValues = z.input<typeof quoteRequestSchema>;

const EMPTY: QuoteFormValues = { name: "", email: "", phone: "", company: "", tool: "", message: "" };

/** An empty number field means "no quantity given", not zero. */
const optionalNumber = (value: unknown) => (value === "" ? undefined : value);

interface QuoteFormProps {
  /** The catalogue's tool names for the tool select. */
  toolNames: string[];
}

/** The request-for-quote form, validated with the shared schema; each message shows under its field. */
export function QuoteForm({ toolNames }: QuoteFormProps) {
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
      notify.success("Thank you! Our sales team will answer within one business day.");
      reset(EMPTY);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : "The request could not be sent.");
    }
  };

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
        <button
          type="submit"
          className="btn btn-primary sm:self-start"
          disabled={!QUOTE_REQUESTS_OPEN || isSubmitting}
          aria-describedby={QUOTE_REQUESTS_OPEN ? undefined : "quote-closed-note"}
        >
          Send request
        </button>
        {QUOTE_REQUESTS_OPEN ? null : (
          <p id="quote-closed-note" className="rounded-field bg-warning/10 p-3 text-sm">
            Online quote requests open soon. Until then, email{" "}
            <a href={`mailto:${SALES_EMAIL}`} className="link font-medium">
              {SALES_EMAIL}
            </a>{" "}
            or call{" "}
            <a href={`tel:${SALES_PHONE.tel}`} className="link font-medium">
              {SALES_PHONE.display}
            </a>{" "}
            and we will answer within one business day.
          </p>
        )}
      </div>
    </form>
  );
}
