// A signed-in customer's cart lives on the server, so another tab of the same browser learns of a
// change only by asking again: each change made here is announced on a BroadcastChannel, and every
// other tab reads the cart again (its navigation bar's count, an open /cart). A visitor's cart is in
// localStorage, whose own storage event tells the other tabs (visitor-cart.ts). No zod here: the
// navigation bar imports it.

const CHANNEL_NAME = "toolshop.cart";

interface CartChanged {
  email: string;
}

let channel: BroadcastChannel | null | undefined;

/** The tab's one channel: a channel never receives its own messages, so a tab never hears itself. */
function cartChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL_NAME);
  }
  return channel;
}

/** Tells the other tabs that `email`'s cart has changed on the server. */
export function announceCartChanged(email: string): void {
  cartChannel()?.postMessage({ email } satisfies CartChanged);
}

/** Calls `listener` with the account's email whenever another tab changes that cart. */
export function onCartChangedElsewhere(listener: (email: string) => void): () => void {
  const current = cartChannel();
  if (!current) return () => undefined;
  const onMessage = (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<CartChanged> | null;
    if (data && typeof data.email === "string") listener(data.email);
  };
  current.addEventListener("message", onMessage);
  return () => current.removeEventListener("message", onMessage);
}
