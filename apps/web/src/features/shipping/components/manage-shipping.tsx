import { useQuery } from "@tanstack/react-query";
import type { ShippingMethod } from "@toolshop/shared/shipping";
import { useState } from "react";
import { ConfirmDeleteDialog } from "../../../components/confirm-delete-dialog";
import { QueryView } from "../../../components/query-view";
import { formatPrice } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import {
  shippingMethodsQueryOptions,
  useDeleteShippingMethod,
  useSaveShippingMethod,
} from "../api/shipping-methods";
import { ShippingMethodForm } from "./shipping-method-form";

/**
 * The owner's shipping methods (issue 62, decision 0067): add one, see each as checkout offers it with
 * its price, threshold, weight basis and countries, change or delete it. Orders placed keep the name
 * and charge they were placed with.
 */
export function ManageShipping() {
  const methods = useQuery(shippingMethodsQueryOptions);
  const save = useSaveShippingMethod();

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="add-shipping-heading" className="rounded-box border border-base-300 p-4">
        <h2 id="add-shipping-heading" className="mb-3 text-xl font-semibold">
          Add a shipping method
        </h2>
        <ShippingMethodForm
          onSave={async (body) => {
            const added = await save.mutateAsync({ body });
            notify.success(`${added.name} was added.`);
          }}
        />
      </section>
      <section aria-labelledby="shipping-list-heading" className="flex flex-col gap-3">
        <h2 id="shipping-list-heading" className="text-xl font-semibold">
          The shipping methods
        </h2>
        <QueryView
          query={methods}
          pendingLabel="Loading the shipping methods"
          errorTitle="The shipping methods could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={<p>There are no shipping methods yet: orders ship free. Add the first one above.</p>}
        >
          {(list) => (
            <ul className="flex flex-col gap-2" aria-label="Shipping methods">
              {list.map((method) => (
                <li key={method._id}>
                  <ShippingMethodRow method={method} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </section>
    </div>
  );
}

function ShippingMethodRow({ method }: { method: ShippingMethod }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const save = useSaveShippingMethod();
  const remove = useDeleteShippingMethod();

  if (editing) {
    return (
      <div className="rounded-box border border-base-300 bg-base-100 p-3">
        <ShippingMethodForm
          method={method}
          onCancel={() => setEditing(false)}
          onSave={async (body) => {
            const saved = await save.mutateAsync({ id: method._id, body });
            notify.success(`${saved.name} was saved.`);
            setEditing(false);
          }}
        />
      </div>
    );
  }
  const price = method.pickup ? "Free" : method.price === 0 ? "Free" : formatPrice(method.price);
  return (
    <article
      aria-labelledby={`shipping-${method._id}-name`}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:items-start"
    >
      <div className="min-w-0 flex-1">
        <h3 id={`shipping-${method._id}-name`} className="font-semibold break-words">
          {method.name}
          {method.active ? null : <span className="badge badge-ghost badge-sm ms-2">Not offered</span>}
        </h3>
        {method.note ? <p className="text-sm text-base-content/70">{method.note}</p> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-base-content/80">
          <dt className="text-base-content/60">Price</dt>
          <dd>
            {price}
            {method.perKg === null ? "" : ` + ${formatPrice(method.perKg)} per kg`}
          </dd>
          {method.freeOver === null ? null : (
            <>
              <dt className="text-base-content/60">Free from</dt>
              <dd>{formatPrice(method.freeOver)}</dd>
            </>
          )}
          <dt className="text-base-content/60">Ships to</dt>
          <dd className="break-words">
            {method.pickup
              ? "Collected at the works"
              : method.countries.length === 0
                ? "Every country"
                : method.countries.join(", ")}
          </dd>
        </dl>
      </div>
      <div className="flex gap-2 self-start">
        <button
          type="button"
          className="btn btn-sm btn-outline"
          aria-label={`Change ${method.name}`}
          onClick={() => setEditing(true)}
        >
          Change
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline btn-error"
          aria-label={`Delete ${method.name}`}
          onClick={() => setDeleting(true)}
        >
          Delete
        </button>
      </div>
      {deleting ? (
        <ConfirmDeleteDialog
          idPrefix={`delete-shipping-${method._id}`}
          title={`Delete ${method.name}?`}
          text={`Checkout no longer offers ${method.name}. Orders placed with it keep its name and charge.`}
          error={remove.error}
          busy={remove.isPending}
          onClose={() => {
            remove.reset();
            setDeleting(false);
          }}
          onConfirm={(close) =>
            remove.mutate(method._id, {
              onSuccess: () => {
                notify.success(`${method.name} was deleted.`);
                close();
              },
            })
          }
        />
      ) : null}
    </article>
  );
}
