import { useMutation } from "@tanstack/react-query";
import { type OrdersExportQuery, ordersExportQuerySchema } from "@toolshop/shared/spreadsheets";
import { type FormEvent, useId, useState } from "react";
import { downloadOrders } from "../api/orders-export-api";

/** The first and last day of this month in UTC, as the date inputs spell them. */
function thisMonth(): OrdersExportQuery {
  const today = new Date();
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * Export CSV (Manage Orders): the orders placed between two days, a row with each order's totals, a
 * row per line and per credited line, for the accountant (decision 0064). The range is checked with the route's own schema before anything is asked.
 */
export function OrdersExportForm({ initial }: { initial: Partial<OrdersExportQuery> }) {
  const id = useId();
  const [defaults] = useState(() => {
    const month = thisMonth();
    return { from: initial.from ?? month.from, to: initial.to ?? month.to };
  });
  const [invalid, setInvalid] = useState<string | null>(null);
  const exporting = useMutation({ mutationFn: downloadOrders });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const range = ordersExportQuerySchema.safeParse({ from: form.get("from"), to: form.get("to") });
    setInvalid(range.error?.issues[0]?.message ?? null);
    if (range.success) exporting.mutate(range.data);
  };
  const message = invalid ?? (exporting.isError ? `The export failed: ${exporting.error.message}` : null);
  return (
    // Folded away until wanted: on a phone the orders come first.
    <details className="rounded-box border border-base-300 p-4">
      <summary className="cursor-pointer font-semibold">Export orders as CSV</summary>
      <form
        aria-label="Export orders as CSV"
        className="mt-2 flex flex-col gap-2"
        onSubmit={submit}
        noValidate
      >
        <p className="text-sm text-base-content/70">
          Every order placed on these days (UTC): a row with its totals, a row per line with its net, tax and
          gross, and a row per credited line, for a spreadsheet or the accountant.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          {(["from", "to"] as const).map((name) => (
            <div key={name} className="flex min-w-0 flex-col gap-1">
              <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
                {name === "from" ? "First day" : "Last day"}
              </label>
              <input
                id={`${id}-${name}`}
                name={name}
                type="date"
                required
                className="input"
                defaultValue={defaults[name]}
                aria-invalid={invalid !== null}
                aria-describedby={message ? `${id}-error` : undefined}
              />
            </div>
          ))}
          <button type="submit" className="btn" disabled={exporting.isPending}>
            {exporting.isPending ? "Exporting…" : "Export CSV"}
          </button>
        </div>
        {message ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-error">
            {message}
          </p>
        ) : null}
      </form>
    </details>
  );
}
