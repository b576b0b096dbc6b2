import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QUOTE_LIMITS } from "@toolshop/shared/quotes";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "@toolshop/shared/text";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { makeTools, searchesMade, startSearchApi } from "../../tools/test/search-api";
import { TOOL_SUGGESTION_LIMIT } from "../use-tool-suggestions";
import { QuoteForm } from "./quote-form";

// The form's checks are a chunk of their own (the real one): a test may hold back its arrival, as a
// slow network does. Its module is loaded once per file, so that test comes first.
const checksChunk = vi.hoisted(() => ({ arrival: Promise.resolve() }));
vi.mock("../quote-validation", async (importOriginal) => {
  await checksChunk.arrival;
  return importOriginal();
});

function withQueries(element: ReactNode, client = new QueryClient()) {
  return <QueryClientProvider client={client}>{element}</QueryClientProvider>;
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

/** A real API: POST /api/quotes answered by `onQuote`, tool searches answered from an empty catalogue. */
async function startQuoteApi(onQuote: (body: unknown) => { status: number; body: unknown }) {
  const quotes: unknown[] = [];
  const api = await startTestApi(async (request, response) => {
    if (request.method === "GET") return sendJson(response, 200, emptyPage);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString());
    quotes.push({ method: request.method, url: request.url, body });
    const answer = onQuote(body);
    sendJson(response, answer.status, answer.body);
  });
  return { ...api, quotes };
}
const emptyPage = { tools: [], nextCursor: null, total: 0, totalIsEstimate: false };

describe("QuoteForm", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await close?.();
    close = undefined;
  });

  it("takes typing and a submit before its checks have arrived, losing nothing, then shows their messages", async () => {
    let arrive = () => {};
    checksChunk.arrival = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const api = await startQuoteApi(() => ({ status: 201, body: { _id: "q1" } }));
    close = api.close;
    render(withQueries(<QuoteForm />));
    const user = userEvent.setup();

    await user.type(field("Name"), "Bob");
    await user.type(field(/Email/), "bob@");
    await user.type(field("Message"), "Ten pliers");
    await user.click(screen.getByRole("button", { name: "Send request" }));

    // Waiting for the checks: nothing said yet, nothing sent, nothing typed lost.
    expect(screen.getByRole("button", { name: "Sending…" })).toBeDisabled();
    expect(screen.queryByText("Please Enter Valid Email")).not.toBeInTheDocument();
    arrive();

    expect(await screen.findByText("Please Enter Valid Email")).toBeInTheDocument();
    expect(field(/Email/)).toHaveFocus();
    expect(field(/Email/)).toHaveAccessibleDescription("Please Enter Valid Email");
    expect(field("Name").value).toBe("Bob");
    expect(field(/Email/).value).toBe("bob@");
    expect(field("Message").value).toBe("Ten pliers");
    expect(screen.getByRole("button", { name: "Send request" })).toBeEnabled();
    expect(api.quotes).toEqual([]);
  });

  it("checks each field once it is left, with the shared schema's messages", async () => {
    render(withQueries(<QuoteForm />));
    const user = userEvent.setup();

    await user.click(field("Name"));
    await user.type(field(/Email/), "not-an-email");
    await user.type(field(/Quantity/), "0");
    await user.click(field("Message"));
    await user.click(field(/Phone/));

    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("Please Enter Valid Email")).toBeInTheDocument();
    expect(screen.getByText("Quantity must be at least 1")).toBeInTheDocument();
    expect(screen.getByText("Message is required")).toBeInTheDocument();
    // Not left yet: no message.
    expect(screen.queryByText(/Phone must/)).not.toBeInTheDocument();

    // A field with a message follows the typing.
    await user.type(field("Name"), "Bob");
    await waitFor(() => expect(screen.queryByText("Name is required")).not.toBeInTheDocument());
    await user.type(field(/Phone/), "call me");
    await user.tab();
    expect(await screen.findByText("Phone must be a number")).toBeInTheDocument();
  });

  it("suggests the catalogue's tools that match what is typed, never downloading the whole catalogue", async () => {
    const api = await startSearchApi(makeTools(30));
    close = api.close;
    render(withQueries(<QuoteForm />));
    const user = userEvent.setup();
    const suggestions = () =>
      [...document.querySelectorAll("#quote-tool-suggestions option")].map(
        (option) => (option as HTMLOptionElement).value,
      );

    await user.type(field(/Tool/), "T");
    expect(field(/Tool/)).toHaveAttribute("list", "quote-tool-suggestions");
    await user.type(field(/Tool/), "ool 1");

    await waitFor(() => expect(suggestions()).toHaveLength(TOOL_SUGGESTION_LIMIT));
    expect(suggestions()).toEqual([
      "Tool 1",
      "Tool 10",
      "Tool 11",
      "Tool 12",
      "Tool 13",
      "Tool 14",
      "Tool 15",
      "Tool 16",
    ]);
    // Only searches, each for at most a handful of names; one letter asks for nothing.
    expect(api.calls.every((call) => call.path.startsWith("/api/tools/search?"))).toBe(true);
    expect(searchesMade(api.calls).at(-1)).toBe(`q=Tool+1&limit=${TOOL_SUGGESTION_LIMIT}`);
    expect(searchesMade(api.calls)).not.toContain(`q=T&limit=${TOOL_SUGGESTION_LIMIT}`);

    await user.clear(field(/Tool/));
    await waitFor(() => expect(suggestions()).toEqual([]));
  });

  it("sends the request to POST /api/quotes and shows a thank-you message instead of the form", async () => {
    const api = await startQuoteApi(() => ({ status: 201, body: { _id: "q1" } }));
    close = api.close;
    render(withQueries(<QuoteForm />));
    const user = userEvent.setup();
    await user.type(field("Name"), "  Bob Builder ");
    await user.type(field(/Email/), "bob@example.com");
    await user.type(field(/Tool/), "Pliers");
    await user.type(field(/Quantity/), "250");
    await user.type(field("Message"), "250 pliers by March, please.");
    await user.click(screen.getByRole("button", { name: "Send request" }));

    expect((await screen.findByRole("status")).textContent).toContain("Thank you, Bob Builder!");
    expect(screen.queryByRole("button", { name: "Send request" })).not.toBeInTheDocument();
    // The shape the server stores and mails is unchanged: the tool is its name (or what was typed).
    expect(api.quotes).toEqual([
      {
        method: "POST",
        url: "/api/quotes",
        body: {
          name: "Bob Builder",
          email: "bob@example.com",
          phone: "",
          company: "",
          tool: "Pliers",
          quantity: 250,
          message: "250 pliers by March, please.",
        },
      },
    ]);

    await user.click(screen.getByRole("button", { name: "Send another request" }));
    expect(field("Name").value).toBe("");
    expect(field(/Tool/).value).toBe("");
  });

  it("keeps the form and says why when the server refuses (rate limit)", async () => {
    const api = await startQuoteApi(() => ({
      status: 429,
      body: {
        statusCode: 429,
        error: "Too Many Requests",
        message: "Too many attempts, try again in a minute",
      },
    }));
    close = api.close;
    render(
      withQueries(
        <>
          <QuoteForm />
          <ToastHost />
        </>,
      ),
    );
    const user = userEvent.setup();
    await user.type(field("Name"), "Bob");
    await user.type(field(/Email/), "bob@example.com");
    await user.type(field("Message"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send request" }));
    expect(await screen.findByText("Too many attempts, try again in a minute")).toBeInTheDocument();
    expect(field("Name").value).toBe("Bob");
    expect(screen.getByRole("button", { name: "Send request" })).toBeEnabled();
  });

  it("is usable as pre-rendered HTML: the browser's own constraints, no navigation, typing kept by hydration", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(withQueries(<QuoteForm />));
    document.body.append(container);
    const form = container.querySelector("form") as HTMLFormElement;
    const byId = (id: string) => container.querySelector(`#${id}`) as HTMLInputElement;

    // The shared schema's caps and required fields, checked by the browser before any script runs.
    expect(form.noValidate).toBe(false);
    expect(form.method).toBe("dialog");
    expect([byId("quote-name").required, byId("quote-name").maxLength]).toEqual([true, NAME_MAX_LENGTH]);
    expect([byId("quote-email").type, byId("quote-email").required]).toEqual(["email", true]);
    expect(byId("quote-email").maxLength).toBe(EMAIL_MAX_LENGTH);
    expect(byId("quote-phone").maxLength).toBe(QUOTE_LIMITS.phone);
    expect(byId("quote-company").maxLength).toBe(QUOTE_LIMITS.company);
    expect(byId("quote-tool").maxLength).toBe(QUOTE_LIMITS.tool);
    expect([byId("quote-quantity").min, byId("quote-quantity").max]).toEqual(["1", "100000"]);
    expect(byId("quote-message").required).toBe(true);
    expect(byId("quote-message").maxLength).toBe(QUOTE_LIMITS.message);

    const user = userEvent.setup();
    await user.type(byId("quote-name"), "Typed before React");
    await user.type(byId("quote-message"), "Hello");

    const hydrationErrors: unknown[] = [];
    const consoleError = console.error;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes("hydrat")) hydrationErrors.push(args[0]);
      else consoleError(...args);
    });
    render(withQueries(<QuoteForm />), {
      container,
      hydrate: true,
      onRecoverableError: (error) => hydrationErrors.push(error),
    });

    await waitFor(() => expect(form.noValidate).toBe(true));
    expect(hydrationErrors).toEqual([]);
    expect(container.querySelector("form")).toBe(form);
    expect(byId("quote-name").value).toBe("Typed before React");
    expect(byId("quote-message").value).toBe("Hello");
    // The form took over what was typed: only the email, never typed, is missing.
    await user.click(within(container).getByRole("button", { name: "Send request" }));
    expect(await within(container).findByText("Email is required")).toBeInTheDocument();
    expect(byId("quote-email")).toHaveFocus();
    expect(within(container).queryByText("Name is required")).not.toBeInTheDocument();
    expect(within(container).queryByText("Message is required")).not.toBeInTheDocument();
    container.remove();
  });
});
