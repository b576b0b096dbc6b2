import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CheckoutForm as CheckoutValues,
  checkoutFormSchema,
  MAX_ORDER_QUANTITY,
} from "@toolshop/shared/orders";
import { type Tool, unitPriceFor } from "@toolshop/shared/tools";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "../../../components/form-fields";
import { Money } from "../../../components/money";
import { previewTax, TaxRows } from "../../../components/tax-summary";
import { ApiRequestError } from "../../../lib/api-client";
import { formatCount } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { shippingKeys } from "../../shipping/api/shipping-methods";
import { ShippingChoiceFields, useShippingChoice } from "../../shipping/components/shipping-choice";
import { useShop } from "../../storefront/api/shop-api";
import { toolKeys } from "../../tools/api/search-tools";
import { newIdempotencyKey, ORDERS_QUERY_KEY, placeOrder } from "../api/orders-api";
import { displayedQuantityMessage, ORDER_PLACED_MESSAGE } from "../checkout-messages";
import {
  DeliveryDetailsFields,
  SaveToProfileField,
  useSavedDeliveryDetails,
  useSubmitOnce,
} from "../delivery-details";

interface CheckoutFormProps {
  tool: Tool;
  /** The signed-in customer's email, shown read-only (the server takes it from the token). */
  email: string;
  onPlaced: (order: { name: string; quantity: number; price: number }) => void;
  /** The server refused the order (stock, minimum, unpaid orders): its sentence. */
  onRefused?: (message: string) => void;
}

/**
 * The order form of /checkout/:id: name and email read-only; address, phone and quantity validated by
 * the shared checkout schema. One Idempotency-Key per visit, sent on every submit: one order per visit.
 */
export function CheckoutForm({ tool, email, onPlaced, onRefused }: CheckoutFormProps) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const schema = useMemo(() => checkoutFormSchema(tool), [tool]);
  const form = useForm<CheckoutValues>({
    resolver: zodResolver(schema),
    defaultValues: { address: "", phone: "", quantity: tool.minQuantity },
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;
  const [saveToProfile, setSaveToProfile] = useState(false);
  const savedDetails = useSavedDeliveryDetails(email, form);
  const quantity = watch("quantity");
  const ordered = Number.isInteger(quantity) && quantity > 0 && quantity <= MAX_ORDER_QUANTITY;
  const shipping = useShippingChoice([{ toolId: tool._id, quantity: ordered ? quantity : tool.minQuantity }]);
  const [shippingMissing, setShippingMissing] = useState(false);
  const order = useMutation({
    mutationFn: (values: CheckoutValues) =>
      placeOrder({ toolId: tool._id, ...values, ...shipping.orderFields }, idempotencyKey),
    onSuccess: async (placed, values) => {
      notify.success(ORDER_PLACED_MESSAGE);
      if (saveToProfile) void savedDetails.save(values);
      onPlaced(placed);
      await queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      // The stock shown on the home page has changed.
      await queryClient.invalidateQueries({ queryKey: toolKeys.all });
    },
    onError: async (error) => {
      // 409 or 400: the stock (or the rules) moved under the customer. Re-check the tool, so that the
      // bounds, the stock shown and a sold-out notice follow what the server said.
      if (!(error instanceof ApiRequestError) || (error.status !== 409 && error.status !== 400)) return;
      onRefused?.(error.message);
      await queryClient.invalidateQueries({ queryKey: toolKeys.all });
      // A shipping charge that changed meanwhile: the new one shows, to be seen before ordering again.
      await queryClient.invalidateQueries({ queryKey: shippingKeys.all });
    },
  });
  const shop = useShop();
  // Priced as the server prices the order: the tool's price breaks for this quantity, the shipping
  // chosen, then their tax.
  const unitPrice = ordered ? unitPriceFor(tool.price, tool.priceBreaks, quantity) : tool.price;
  const charged = shipping.chosen ? [{ price: shipping.chosen.charge, quantity: 1 }] : [];
  const total = ordered ? previewTax([{ price: unitPrice, quantity }, ...charged], shop?.tax) : null;
  const onSubmit = useSubmitOnce(handleSubmit, async (values) => {
    if (!shipping.ready) {
      setShippingMissing(true);
      return;
    }
    await order.mutateAsync(values);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        id="checkout-name"
        label="Product"
        value={tool.name}
        readOnly
        className="input w-full bg-base-200"
      />
      <DeliveryDetailsFields
        idPrefix="checkout"
        email={email}
        address={register("address")}
        phone={register("phone")}
        errors={errors}
      />
      <SaveToProfileField checked={saveToProfile} onChange={setSaveToProfile} />
      <TextField
        id="checkout-quantity"
        label="Quantity"
        labelNote={`(${formatCount(tool.minQuantity)} to ${formatCount(tool.availableQuantity)})`}
        error={displayedQuantityMessage(errors.quantity?.message, tool)}
        registration={register("quantity", { valueAsNumber: true })}
        type="number"
        inputMode="numeric"
        min={tool.minQuantity}
        max={tool.availableQuantity}
        step={1}
      />
      <ShippingChoiceFields choice={shipping} idPrefix="checkout" missing={shippingMissing} />
      <p className="text-base-content/80">
        <Money amount={unitPrice} /> per unit
        {unitPrice < tool.price ? (
          <>
            {" "}
            (list price <Money amount={tool.price} />)
          </>
        ) : null}
        {total === null ? null : (
          <>
            {" · "}
            <span className="font-semibold text-base-content">
              Total <Money amount={total.gross} />
            </span>
          </>
        )}
      </p>
      {total === null ? null : <TaxRows total={total} className="text-base-content/80" />}
      {order.error ? (
        <p role="alert" className="rounded-field bg-error/10 p-3 text-error">
          The order was not placed: {order.error.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary sm:self-start" disabled={order.isPending}>
        {order.isPending ? "Placing the order…" : "Place the order"}
      </button>
    </form>
  );
}
