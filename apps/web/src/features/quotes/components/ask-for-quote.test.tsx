import { screen, waitFor } from "@testing-library/react";
import { ACCESS_TOKEN_STORAGE_KEY } from "@toolshop/shared/constants";
import { afterEach, describe, expect, it } from "vitest";
import { aCartLine } from "../../cart/test/cart-data";
import { type ApiAnswer, apiError, renderScreen, startOrdersApi } from "../../orders/test/render-with-api";
import { DRILL, PLIERS } from "../test/quotes-data";
import { AskForQuote, STAY_IN_CART } from "./ask-for-quote";

const NEW_QUOTE_ID = "7e57a0b0-0000-4000-8000-00000000000a";
const LINES = [aCartLine(PLIERS, { quantity: 60 }), aCartLine(DRILL, { quantity: 10 })];

describe("Ask for a quote, under the cart", () => {
  let running: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  afterEach(async () => {
    localStorage.clear();
    await running?.close();
    running = undefined;
  });

  /** The block for a signed-in customer (their token stored), POST /api/quotes answered by `answer`. */
  async function openSignedIn(answer: ApiAnswer, path = "/cart") {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, "test-token");
    const api = await startOrdersApi(() => answer);
    running = api;
    const rendered = renderScreen(<AskForQuote lines={LINES} signedIn />, { path, pattern: "/cart" });
    return { ...rendered, api };
  }

  it("sends the cart's lines with the company and message, with the account's token, and links to the new quote", async () => {
    const { user, api } = await openSignedIn({ status: 201, body: { _id: NEW_QUOTE_ID } });
    await user.click(screen.getByRole("button", { name: "Ask for a quote" }));
    const company = screen.getByLabelText(/^Company/);
    await waitFor(() => expect(company).toHaveFocus());
    expect(
      screen.getByText("The request names the 2 tools in your cart with their quantities."),
    ).toBeVisible();
    // The tools are not taken out yet: only the accepted offer's order takes them (issue 62).
    expect(screen.getByText(STAY_IN_CART)).toBeVisible();
    await user.type(company, "Builder & Sons");
    await user.type(screen.getByLabelText(/^Message/), "Delivery in March, please.");
    await user.dblClick(screen.getByRole("button", { name: "Send the request" }));

    const sent = (await screen.findByText("Your request for a quote is sent.")).closest("[role=status]");
    expect(sent).toHaveFocus();
    expect(sent).toHaveTextContent(STAY_IN_CART);
    expect(screen.getByRole("link", { name: "See your quote" })).toHaveAttribute(
      "href",
      `/dashboard/quotes/${NEW_QUOTE_ID}`,
    );
    const posts = api.callsTo("POST", "/api/quotes");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      lines: [
        { toolId: PLIERS._id, quantity: 60 },
        { toolId: DRILL._id, quantity: 10 },
      ],
      company: "Builder & Sons",
      message: "Delivery in March, please.",
    });
    // The server ties a request sent with a token to its account.
    expect(posts[0]?.headers.authorization).toBe("Bearer test-token");
  });

  it("checks the fields with the shared schema, and sends the lines alone when nothing is typed", async () => {
    const { user, api } = await openSignedIn({ status: 201, body: { _id: NEW_QUOTE_ID } });
    await user.click(screen.getByRole("button", { name: "Ask for a quote" }));
    // An invisible direction override is refused before anything is sent, in the schema's words.
    await user.type(screen.getByLabelText(/^Company/), "Acme\u202E");
    await user.click(screen.getByRole("button", { name: "Send the request" }));
    expect(
      await screen.findByText(
        "Company must not contain invisible characters that change the direction of text",
      ),
    ).toBeVisible();
    expect(api.callsTo("POST", "/api/quotes")).toEqual([]);

    await user.clear(screen.getByLabelText(/^Company/));
    await user.click(screen.getByRole("button", { name: "Send the request" }));
    await screen.findByText("Your request for a quote is sent.");
    expect(api.callsTo("POST", "/api/quotes")[0]?.body).toEqual({
      lines: [
        { toolId: PLIERS._id, quantity: 60 },
        { toolId: DRILL._id, quantity: 10 },
      ],
    });
  });

  it("keeps the form and says why when the server refuses", async () => {
    const { user } = await openSignedIn(
      apiError(429, "Too Many Requests", "Too many requests. Please wait a minute and try again."),
    );
    await user.click(screen.getByRole("button", { name: "Ask for a quote" }));
    await user.click(screen.getByRole("button", { name: "Send the request" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The request was not sent: Too many requests. Please wait a minute and try again.",
    );
    expect(screen.getByRole("button", { name: "Send the request" })).toBeEnabled();
  });

  it("opens the form at once when the customer comes back to it from the login", async () => {
    await openSignedIn({ status: 201, body: { _id: NEW_QUOTE_ID } }, "/cart#ask-for-quote");
    await waitFor(() => expect(screen.getByLabelText(/^Company/)).toHaveFocus());
  });

  it("sends a visitor to sign in first, remembering to come back to the form", async () => {
    const { user, router } = renderScreen(<AskForQuote lines={LINES} signedIn={false} />, {
      path: "/cart",
      pattern: "/cart",
    });
    expect(screen.queryByRole("button", { name: "Ask for a quote" })).toBeNull();
    await user.click(screen.getByRole("link", { name: "Sign in to ask for a quote" }));
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.state).toEqual({
      from: { pathname: "/cart", search: "", hash: "#ask-for-quote" },
    });
  });
});
