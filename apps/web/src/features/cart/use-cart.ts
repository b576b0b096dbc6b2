// The cart's count and actions, which the navigation bar and every "Add to cart" use: no zod here (no
// value import from @toolshop/shared/cart), as they ship with the first screen. What /cart and the
// checkout show of it is cart-view.ts.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Cart } from "@toolshop/shared/cart";
import { useEffect, useSyncExternalStore } from "react";
import { useSession } from "../auth/use-session";
import { accountCartQueryOptions, saveCart } from "./api/cart-api";
import { announceCartChanged, onCartChangedElsewhere } from "./api/cart-broadcast";
import { applyCartChange, type CartChange, type EditableLine } from "./cart-changes";
import {
  readVisitorCart,
  serverVisitorCart,
  subscribeToVisitorCart,
  type VisitorLine,
  writeVisitorCart,
} from "./visitor-cart";

export function useSignedInEmail(): string | null {
  const { session } = useSession();
  return session.status === "signed-in" ? session.user.email : null;
}

export function useVisitorLines(): VisitorLine[] {
  return useSyncExternalStore(subscribeToVisitorCart, readVisitorCart, serverVisitorCart);
}

const line = (toolId: string, quantity: number, seenPrice: number) => ({ toolId, quantity, seenPrice });

/**
 * How many tools the cart holds, for the navigation bar (on every page, so it is also where this tab
 * hears of a change to the account's cart made in another tab, and reads it again).
 */
export function useCartCount(): number {
  const email = useSignedInEmail();
  const visitor = useVisitorLines();
  const queryClient = useQueryClient();
  const account = useQuery({ ...accountCartQueryOptions(email ?? ""), enabled: email !== null });
  useEffect(() => {
    if (!email) return;
    return onCartChangedElsewhere((changed) => {
      if (changed === email) {
        void queryClient.invalidateQueries({ queryKey: accountCartQueryOptions(email).queryKey });
      }
    });
  }, [email, queryClient]);
  return email ? (account.data?.lines.length ?? 0) : visitor.length;
}

/**
 * The cart's actions. A signed-in customer's cart is saved whole (PUT /api/cart), one save after the
 * other, each built on the answer of the one before; a visitor's is written to the browser.
 */
export function useCartActions() {
  const email = useSignedInEmail();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    scope: { id: "cart" },
    mutationFn: async (change: CartChange): Promise<Cart | null> => {
      if (!email) {
        writeVisitorCart(applyCartChange(readVisitorCart(), change, line));
        return null;
      }
      const current = await queryClient.ensureQueryData(accountCartQueryOptions(email));
      const lines: EditableLine[] = current.lines.map((held) =>
        line(held.toolId, held.quantity, held.seenPrice),
      );
      return saveCart(applyCartChange(lines, change, line));
    },
    onSuccess: (cart) => {
      if (!cart || !email) return;
      queryClient.setQueryData(accountCartQueryOptions(email).queryKey, cart);
      announceCartChanged(email);
    },
  });
  /** How many tools the cart holds now (to keep it within CART_MAX_LINES before adding). */
  const lineCount = () =>
    email
      ? (queryClient.getQueryData(accountCartQueryOptions(email).queryKey)?.lines.length ?? 0)
      : readVisitorCart().length;
  const holds = (toolId: string) =>
    email
      ? Boolean(
          queryClient
            .getQueryData(accountCartQueryOptions(email).queryKey)
            ?.lines.some((held) => held.toolId === toolId),
        )
      : readVisitorCart().some((held) => held.toolId === toolId);
  return { change: mutation.mutateAsync, saving: mutation.isPending, lineCount, holds };
}
