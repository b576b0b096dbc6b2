import { zodResolver } from "@hookform/resolvers/zod";
import {
  type StockAlertForm as StockAlertFormValues,
  stockAlertFormSchema,
} from "@toolshop/shared/stock-alerts";
import { EMAIL_MAX_LENGTH } from "@toolshop/shared/text";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "../../../components/form-fields";
import { useHydrated } from "../../../lib/use-hydrated";
import { useSession } from "../../auth/use-session";
import { requestStockAlert } from "../api/stock-alerts-api";

/**
 * "Email me when it is back" on a sold-out tool (decision 0059). A customer who proved their address
 * asks with one button; anyone else gives an address, which the mailed link proves. The shop's answer
 * takes the form's place, read out by screen readers.
 */
export function StockAlertForm({ toolId, toolName }: { toolId: string; toolName: string }) {
  const { session } = useSession();
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Rendered by the server too: before the scripts run, a press would send the form nowhere.
  const hydrated = useHydrated();
  const user = session.status === "signed-in" ? session.user : null;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<StockAlertFormValues>({
    resolver: zodResolver(stockAlertFormSchema),
    defaultValues: { email: "" },
  });

  const ask = async (email?: string) => {
    setFailure(null);
    setSending(true);
    try {
      setAnswer((await requestStockAlert({ toolId, ...(email ? { email } : {}) })).message);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "The alert could not be set. Please try again.");
    } finally {
      setSending(false);
    }
  };

  if (answer) {
    return (
      <p role="status" className="rounded-field bg-success/10 p-4">
        {answer}
      </p>
    );
  }
  return (
    <section
      aria-labelledby="stock-alert-heading"
      className="flex flex-col gap-3 rounded-field border border-base-300 p-4"
    >
      <h2 id="stock-alert-heading" className="font-semibold">
        Email me when it is back
      </h2>
      {user ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <p className="text-sm text-base-content/80">
            {user.emailVerified
              ? `One mail to ${user.email} when ${toolName} is back in stock.`
              : `We will send ${user.email} a link to confirm first.`}
          </p>
          <button
            type="button"
            className="btn btn-secondary sm:shrink-0"
            disabled={sending}
            onClick={() => ask()}
          >
            {sending ? "Sending…" : "Email me"}
          </button>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={handleSubmit(({ email }) => ask(email))}
        >
          <div className="sm:flex-1">
            <TextField
              id="stock-alert-email"
              label="Your email"
              error={errors.email?.message}
              registration={register("email")}
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX_LENGTH}
            />
          </div>
          <button type="submit" className="btn btn-secondary sm:mt-6" disabled={!hydrated || isSubmitting}>
            {isSubmitting || sending ? "Sending…" : "Email me"}
          </button>
        </form>
      )}
      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
