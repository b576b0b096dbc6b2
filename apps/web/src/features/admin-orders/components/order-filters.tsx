import { ORDER_SEARCH_MAX_LENGTH } from "@toolshop/shared/admin-orders";
import type { FormEvent } from "react";
import type { OrderFilters } from "../api/admin-orders-api";

interface OrderSearchFormProps {
  filters: OrderFilters;
  /** What is wrong with the filters in the URL (e.g. a start date after the end date), and where. */
  error: { field: "q" | "dates"; message: string } | null;
  onSearch: (search: Pick<OrderFilters, "q" | "from" | "to">) => void;
}

/**
 * The search box and the date range of Manage Orders, applied together on submit (not per keystroke).
 * Keyed by the URL's filters by its parent, so that going back shows what the list shows.
 */
export function OrderSearchForm({ filters, error, onSearch }: OrderSearchFormProps) {
  const invalid = (field: "q" | "dates") =>
    error?.field === field
      ? { "aria-invalid": true, "aria-describedby": "order-filters-error" }
      : { "aria-invalid": false };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    onSearch({ q: text("q"), from: text("from"), to: text("to") });
  };
  return (
    <form aria-label="Search orders" className="flex flex-col gap-2" onSubmit={submit}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto sm:flex-1">
          <label htmlFor="order-search" className="text-sm font-medium">
            Order number or customer email
          </label>
          <input
            id="order-search"
            name="q"
            type="search"
            className="input w-full"
            placeholder="TS-000123 or ann@"
            maxLength={ORDER_SEARCH_MAX_LENGTH}
            defaultValue={filters.q ?? ""}
            {...invalid("q")}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="order-from" className="text-sm font-medium">
            From
          </label>
          <input
            id="order-from"
            name="from"
            type="date"
            className="input"
            defaultValue={filters.from ?? ""}
            {...invalid("dates")}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="order-to" className="text-sm font-medium">
            To
          </label>
          <input
            id="order-to"
            name="to"
            type="date"
            className="input"
            defaultValue={filters.to ?? ""}
            {...invalid("dates")}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </div>
      {error ? (
        <p id="order-filters-error" role="alert" className="text-sm text-error">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
