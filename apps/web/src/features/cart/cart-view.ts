import { useQueries, useQuery } from "@tanstack/react-query";
import { type CartLine, cartLineUnitPrice } from "@toolshop/shared/cart";
import { useEffect, useState } from "react";
import type { QueryState } from "../../components/query-view";
import { ApiRequestError } from "../../lib/api-client";
import { toolQueryOptions } from "../tools/api/get-tool";
import { isSoldOut } from "../tools/stock";
import { accountCartQueryOptions } from "./api/cart-api";
import { useSignedInEmail, useVisitorLines } from "./use-cart";
import { readVisitorCart, writeVisitorCart } from "./visitor-cart";

/** The cart as the screens show it, a visitor's or an account's alike. */
export interface CartView {
  lines: CartLine[];
  /** Tools that were in the cart but are no longer sold, dropped from it. */
  removedCount: number;
}

const isGone = (error: Error | null) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/** A visitor's lines with their tools as they are now (GET /api/tools/:id each); tools gone are dropped. */
function useVisitorCartView(enabled: boolean): QueryState<CartView> {
  const lines = useVisitorLines();
  const [removedCount, setRemovedCount] = useState(0);
  const results = useQueries({
    queries: (enabled ? lines : []).map((held) => toolQueryOptions(held.toolId)),
  });
  const goneIds = lines
    .filter((_, index) => isGone(results[index]?.error ?? null))
    .map((held) => held.toolId);
  const goneKey = goneIds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per set of tools found gone
  useEffect(() => {
    if (!goneIds.length) return;
    writeVisitorCart(readVisitorCart().filter((held) => !goneIds.includes(held.toolId)));
    setRemovedCount((count) => count + goneIds.length);
  }, [goneKey]);

  const live = results.filter((result) => !isGone(result.error));
  const data: CartView = {
    lines: lines.flatMap((held, index) => {
      const tool = results[index]?.data;
      if (!tool) return [];
      return [
        {
          toolId: held.toolId,
          sku: tool.sku,
          name: tool.name,
          image: tool.image,
          price: tool.price,
          seenPrice: held.seenPrice,
          priceBreaks: tool.priceBreaks,
          unitPrice: cartLineUnitPrice(tool, held.quantity),
          minQuantity: tool.minQuantity,
          availableQuantity: tool.availableQuantity,
          soldOut: isSoldOut(tool),
          quantity: held.quantity,
        },
      ];
    }),
    removedCount,
  };
  return {
    data: live.some((result) => result.error) ? undefined : data,
    error: live.find((result) => result.error)?.error ?? null,
    isPending: live.some((result) => result.isPending),
    isRefetching: live.some((result) => result.isRefetching),
    refetch: () => Promise.all(live.map((result) => result.refetch())),
  };
}

/** The cart with every line's tool as it is now, for /cart and /checkout. */
export function useCartView(): QueryState<CartView> & { signedIn: boolean } {
  const email = useSignedInEmail();
  const account = useQuery({ ...accountCartQueryOptions(email ?? ""), enabled: email !== null });
  const visitor = useVisitorCartView(email === null);
  if (!email) return { ...visitor, signedIn: false };
  return {
    data: account.data && { lines: account.data.lines, removedCount: account.data.removedToolIds.length },
    error: account.error,
    isPending: account.isPending,
    isRefetching: account.isRefetching,
    refetch: account.refetch,
    signedIn: true,
  };
}
