import { useQueryClient } from "@tanstack/react-query";
import { cartQuantitySchema } from "@toolshop/shared/cart";
import type { Tool } from "@toolshop/shared/tools";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { notify } from "../../lib/toast";
import { useSession } from "../auth/use-session";
import { displayedQuantityMessage } from "../orders/checkout-messages";
import { toolQueryOptions } from "../tools/api/get-tool";
import { isSoldOut } from "../tools/stock";
import { readCartAddition, takeServerVouch, withoutCartAddition } from "./cart-addition";
import { useAddToCart } from "./use-add-to-cart";

/** An addition the customer is asked about before it is made. */
export interface AskedAddition {
  tool: Tool;
  quantity: number;
  /** Adds it, as "Add to cart" would. */
  confirm: () => Promise<void>;
  /** Drops it: nothing is added. */
  dismiss: () => void;
}

/**
 * /cart?add=<id>&quantity=<n>, as an "Add to cart" form sends it when tapped before its page had
 * hydrated (docs/decisions/0049): the line is added once the session is known (a signed-in customer's
 * cart is the account's), with the tool as it is now, and the addition leaves the URL, so that a reload
 * or Back does not add it again. Only an addition the server vouched for (a navigation from the shop's
 * own pages, 0050) is made at once; any other, perhaps a link on another site, is answered with the
 * question, and made only when the customer confirms.
 */
export function useUrlAddition(): AskedAddition | null {
  const [params, setParams] = useSearchParams();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const { add } = useAddToCart();
  const addition = readCartAddition(params);
  const [asked, setAsked] = useState<{ tool: Tool; quantity: number } | null>(null);
  // Once per addition, whatever renders or effects (StrictMode's included) come before the URL changes.
  const applied = useRef<string | null>(null);
  const sessionKnown = session.status !== "loading";

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per addition in the URL, when the session is known
  useEffect(() => {
    if (!addition || !sessionKnown) return;
    const key = params.toString();
    if (applied.current === key) return;
    applied.current = key;
    const vouched = takeServerVouch(addition);
    setParams(withoutCartAddition(params), { replace: true });
    void (async () => {
      const tool = await queryClient.fetchQuery(toolQueryOptions(addition.toolId)).catch(() => undefined);
      if (!tool || isSoldOut(tool)) {
        notify.error(`${tool?.name ?? "The tool"} was not added to your cart: it is not for sale now.`);
        return;
      }
      const quantity = cartQuantitySchema(tool).safeParse(addition.quantity);
      if (!quantity.success) {
        const message = displayedQuantityMessage(quantity.error.issues[0]?.message, tool);
        notify.error(`${tool.name} was not added to your cart: ${message}`);
        return;
      }
      if (vouched) await add(tool, quantity.data);
      else setAsked({ tool, quantity: quantity.data });
    })();
  }, [addition?.toolId, addition?.quantity, sessionKnown]);

  if (!asked) return null;
  return {
    ...asked,
    confirm: async () => {
      setAsked(null);
      await add(asked.tool, asked.quantity);
    },
    dismiss: () => setAsked(null),
  };
}
