// Issue 62, item 8: a second tab's cart badge was stale until its cart was opened. A change saved in
// another tab is announced on the cart's BroadcastChannel, and this tab's badge reads the cart again.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../orders/test/render-with-api";
import { cartApiPerTest } from "../test/cart-api";
import { aCartLine, DRILL, PLIERS, signInAnn } from "../test/cart-data";
import { CartLink } from "./cart-link";

describe("the navigation bar's cart", () => {
  const startApi = cartApiPerTest();

  it("follows a change of the account's cart made in another tab", async () => {
    let lines = [aCartLine(PLIERS)];
    const api = await startApi(() => ({ status: 200, body: { lines, removedToolIds: [] } }));
    signInAnn();
    renderScreen(<CartLink />);
    expect(await screen.findByRole("link", { name: "Cart, 1 item" })).toBeInTheDocument();

    // Another tab adds a drill: the server holds it, and that tab says so on the channel.
    lines = [aCartLine(PLIERS), aCartLine(DRILL)];
    const otherTab = new BroadcastChannel("toolshop.cart");
    otherTab.postMessage({ email: "someone.else@example.com" });
    otherTab.postMessage({ email: "ann@example.com" });
    expect(await screen.findByRole("link", { name: "Cart, 2 items" })).toBeInTheDocument();
    // Only Ann's cart is read again, once.
    expect(api.callsTo("GET", "/api/cart")).toHaveLength(2);
    otherTab.close();
  });
});
