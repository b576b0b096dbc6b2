import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CartCheckoutForm, type CartLine, cartTotal } from "@toolshop/shared/cart";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { MessagePanel } from "../../../components/message-panel";
import { Money } from "../../../components/money";
import { ContentSkeleton } from "../../../components/page-skeleton";
import { ProductThumbnail } from "../../../components/product-thumbnail";
import { QueryView } from "../../../components/query-view";
import { Screen } from "../../../components/screen";
import { TaxRows } from "../../../components/tax-summary";
import { ApiRequestError } from "../../../lib/api-client";
import { formatCount } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { newIdempotencyKey, ORDERS_QUERY_KEY } from "../../orders/api/orders-api";
import { ORDER_PLACED_MESSAGE } from "../../orders/checkout-messages";
import {
  DeliveryDetailsFields,
  SaveToProfileField,
  useDeliveryForm,
  useSubmitOnce,
} from "../../orders/delivery-details";
import { shippingKeys } from "../../shipping/api/shipping-methods";
import { ShippingChoiceFields, useShippingChoice } from "../../shipping/components/shipping-choice";
import { toolKeys } from "../../tools/api/search-tools";
import { CART_QUERY_KEY, placeCartOrder } from "../api/cart-api";
import { announceCartChanged } from "../api/cart-broadcast";
import { useCartView } from "../cart-view";
import { cartReady, RemovedNote, useCartTotal } from "./cart-screen";

interface CartCheckoutProps {
  lines: CartLine[];
  email: string;
}

function PlaceCartOrderForm({ lines, email }: CartCheckoutProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // One key per visit: a double click or a retry places one order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const {
    form: {
      register,
      handleSubmit,
      formState: { errors },
    },
    saveDetails,
  } = useDeliveryForm(email);
  const [saveToProfile, setSaveToProfile] = useState(false);
  const shipping = useShippingChoice(lines);
  const [shippingMissing, setShippingMissing] = useState(false);
  const order = useMutation({
    mutationFn: (values: CartCheckoutForm) =>
      placeCartOrder(
        {
          lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
          ...values,
          ...shipping.orderFields,
          fromCart: true,
        },
        idempotencyKey,
      ),
    onSuccess: async (placed, values) => {
      notify.success(ORDER_PLACED_MESSAGE);
      if (saveToProfile) void saveDetails(values);
      // To the payment first: reading the emptied cart here would show "Your cart is empty" meanwhile.
      await navigate(`/dashboard/payment/${encodeURIComponent(placed._id)}`);
      // The server emptied the cart in the order's own transaction (fromCart): read it again.
      await queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      announceCartChanged(email);
      await queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: toolKeys.all });
    },
    // A 409 (short lines) leaves the cart as it is here, so that each short line is marked where it
    // stands; the cart page, opened from the message, reads the stock again. A shipping charge that
    // changed meanwhile shows anew, to be seen before ordering again.
    onError: () => queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
  });
  const refusal =
    order.error instanceof ApiRequestError && order.error.status === 409 ? order.error.message : null;
  const onSubmit = useSubmitOnce(handleSubmit, async (values: CartCheckoutForm) => {
    if (!shipping.ready) {
      setShippingMissing(true);
      return;
    }
    await order.mutateAsync(values);
  });
  const total = useCartTotal(lines, shipping.chosen?.charge);

  return (
    <form noValidate className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" onSubmit={onSubmit}>
      <section aria-labelledby="checkout-lines" className="flex flex-col gap-3">
        <h2 id="checkout-lines" className="text-xl font-semibold">
          Your order
        </h2>
        <ul className="flex flex-col gap-2">
          {lines.map((line) => {
            // The 409 names every short line: each is marked where it stands.
            const short = refusal?.includes(line.name) ?? false;
            return (
              <li
                key={line.toolId}
                className={`flex items-center gap-3 rounded-box border bg-base-100 p-3 ${short ? "border-error" : "border-base-300"}`}
              >
                <ProductThumbnail src={line.image} size="small" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">{line.name}</p>
                  <p className="text-sm text-base-content/80">
                    {formatCount(line.quantity)} × <Money amount={line.unitPrice} />
                  </p>
                  {short ? (
                    <p className="text-sm text-error">Not enough in stock for this quantity.</p>
                  ) : null}
                </div>
                <p className="font-semibold">
                  <Money amount={cartTotal([line])} />
                </p>
              </li>
            );
          })}
        </ul>
        {shipping.chosen ? (
          <p className="text-sm">
            Shipping: {shipping.chosen.name}{" "}
            {shipping.chosen.charge === 0 ? "Free" : <Money amount={shipping.chosen.charge} />}
          </p>
        ) : null}
        <TaxRows total={total} />
        <p className="text-xl font-bold">
          Total <Money amount={total.gross} />
        </p>
      </section>
      <div className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
        <DeliveryDetailsFields
          idPrefix="cart-checkout"
          email={email}
          address={register("address")}
          phone={register("phone")}
          errors={errors}
        />
        <SaveToProfileField checked={saveToProfile} onChange={setSaveToProfile} />
        <ShippingChoiceFields choice={shipping} idPrefix="cart-checkout" missing={shippingMissing} />
        {order.error ? (
          <div role="alert" className="flex flex-col gap-2 rounded-field bg-error/10 p-3 text-error">
            <p>The order was not placed: {order.error.message}</p>
            {refusal ? (
              <Link to="/cart" className="link">
                Change the quantities in your cart
              </Link>
            ) : null}
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={order.isPending || order.isSuccess}>
          {order.isPending ? "Placing the order…" : "Place order"}
        </button>
      </div>
    </form>
  );
}

/** /checkout: the whole cart as one order, with the address and phone, then its payment. */
export function CartCheckoutScreen({ email }: { email: string }) {
  const view = useCartView();
  return (
    <Screen title="Checkout" className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <QueryView
        query={view}
        pendingLabel="Loading your cart"
        pending={<ContentSkeleton label="Loading your cart" />}
        errorTitle="Your cart could not be loaded."
      >
        {(cart) =>
          cart.lines.length === 0 ? (
            <div className="flex flex-col gap-4">
              <RemovedNote count={cart.removedCount} />
              <MessagePanel
                message="Your cart is empty."
                link={{ to: "/#tools", label: "Browse the tools" }}
              />
            </div>
          ) : cartReady(cart.lines) ? (
            <>
              <RemovedNote count={cart.removedCount} />
              <PlaceCartOrderForm lines={cart.lines} email={email} />
            </>
          ) : (
            // Never ordered silently: a sold-out tool, a new price or a quantity out of bounds is settled first.
            <MessagePanel
              alert
              message="Some tools in your cart have sold out, changed price or have too few in stock."
              link={{ to: "/cart", label: "Review your cart" }}
            />
          )
        }
      </QueryView>
    </Screen>
  );
}
