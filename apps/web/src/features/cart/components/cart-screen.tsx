import { type CartLine, cartLineBlocked } from "@toolshop/shared/cart";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { MessagePanel } from "../../../components/message-panel";
import { Money } from "../../../components/money";
import { QueryView } from "../../../components/query-view";
import { Screen } from "../../../components/screen";
import { previewTax, type TaxedTotal, TaxRows } from "../../../components/tax-summary";
import { formatCount } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { AskForQuote } from "../../quotes/components/ask-for-quote";
import { useShop } from "../../storefront/api/shop-api";
import type { CartChange } from "../cart-changes";
import { useCartView } from "../cart-view";
import { useCartActions } from "../use-cart";
import { useUrlAddition } from "../use-url-addition";
import { CartLineRow, quantityMessage } from "./cart-line-row";
import { CartLinkQuestion } from "./cart-link-question";

/** "2 tools in your cart are no longer sold and were removed." */
export function RemovedNote({ count }: { count: number }) {
  if (!count) return null;
  return (
    <p role="status" className="rounded-field bg-info/10 p-3">
      {count === 1
        ? "1 tool in your cart is no longer sold and was removed."
        : `${formatCount(count)} tools in your cart are no longer sold and were removed.`}
    </p>
  );
}

/** Whether the cart can go to checkout as it is: every line orderable at its price and quantity. */
export function cartReady(lines: CartLine[]): boolean {
  return (
    lines.length > 0 && lines.every((line) => !cartLineBlocked(line) && !quantityMessage(line, line.quantity))
  );
}

/** The cart's net, tax and total at the tax in force, each line at its unit price for its quantity. */
export function useCartTotal(lines: CartLine[], shippingCharge?: number): TaxedTotal {
  const priced = lines.map((line) => ({ price: line.unitPrice, quantity: line.quantity }));
  // The shipping chosen at checkout is taxed as one more line of one unit, as the server taxes it.
  if (shippingCharge !== undefined) priced.push({ price: shippingCharge, quantity: 1 });
  return previewTax(priced, useShop()?.tax);
}

interface CartContentsProps {
  lines: CartLine[];
  removedCount: number;
  signedIn: boolean;
}

function CartContents({ lines, removedCount, signedIn }: CartContentsProps) {
  const { change, saving } = useCartActions();
  const total = useCartTotal(lines);
  // What the customer typed per tool, until the cart holds it.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  useEffect(() => {
    setDrafts((current) => {
      const left = Object.fromEntries(
        Object.entries(current).filter(([toolId, text]) => {
          const held = lines.find((line) => line.toolId === toolId);
          return held !== undefined && Number(text) !== held.quantity;
        }),
      );
      return Object.keys(left).length === Object.keys(current).length ? current : left;
    });
  }, [lines]);

  /** Saves a change; false (and a toast saying why) when it failed. */
  const run = (cartChange: CartChange) =>
    change(cartChange).then(
      () => true,
      (error: unknown) => {
        notify.error(
          `Your cart was not saved: ${error instanceof Error ? error.message : "please try again."}`,
        );
        return false;
      },
    );
  const remove = async (line: CartLine) => {
    if (!(await run({ kind: "remove", toolId: line.toolId }))) return;
    notify.info(`${line.name} removed from your cart.`);
    // Its button is gone with it: the keyboard's place goes back to the top of the cart.
    const heading = document.getElementById("screen-heading");
    if (heading && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    heading?.focus();
  };
  const onQuantity = (line: CartLine, text: string) => {
    setDrafts((current) => ({ ...current, [line.toolId]: text }));
    if (!quantityMessage(line, text) && Number(text) !== line.quantity) {
      void run({ kind: "quantity", toolId: line.toolId, quantity: Number(text) });
    }
  };

  if (!lines.length) {
    return (
      <div className="flex flex-col gap-4">
        <RemovedNote count={removedCount} />
        <MessagePanel message="Your cart is empty." link={{ to: "/#tools", label: "Browse the tools" }} />
      </div>
    );
  }
  const blocked = lines.filter(cartLineBlocked);
  const ready = cartReady(lines) && Object.keys(drafts).length === 0 && !saving;
  return (
    <div className="flex flex-col gap-4">
      <RemovedNote count={removedCount} />
      <ul aria-label="Tools in your cart" className="flex flex-col gap-3">
        {lines.map((line) => (
          <CartLineRow
            key={line.toolId}
            line={line}
            draft={drafts[line.toolId]}
            busy={saving}
            onQuantity={(text) => onQuantity(line, text)}
            onAcceptPrice={() => void run({ kind: "accept-price", toolId: line.toolId, price: line.price })}
            onRemove={() => void remove(line)}
          />
        ))}
      </ul>
      <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <TaxRows total={total} />
          <p className="text-xl font-bold">
            Total <Money amount={total.gross} />
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          {ready ? (
            <Link to="/checkout" className="btn btn-primary">
              Checkout
            </Link>
          ) : (
            <button type="button" className="btn btn-primary" disabled aria-describedby="cart-not-ready">
              Checkout
            </button>
          )}
          {ready ? null : (
            <p id="cart-not-ready" className="text-sm text-base-content/80">
              {blocked.length
                ? "Remove the sold-out tools and accept the new prices (or remove those tools) to check out."
                : "Correct the quantities marked above to check out."}
            </p>
          )}
        </div>
      </div>
      <AskForQuote lines={lines} signedIn={signedIn} />
    </div>
  );
}

/** /cart: the cart's lines with their quantities and totals, and the way to checkout; an addition its URL asks for is made first (or asked about, when it may come from another site). */
export function CartScreen() {
  const asked = useUrlAddition();
  const view = useCartView();
  return (
    <Screen title="Your cart" className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10">
      {asked ? <CartLinkQuestion asked={asked} /> : null}
      <QueryView query={view} pendingLabel="Loading your cart" errorTitle="Your cart could not be loaded.">
        {(cart) => (
          <CartContents lines={cart.lines} removedCount={cart.removedCount} signedIn={view.signedIn} />
        )}
      </QueryView>
    </Screen>
  );
}
