import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { QuoteForm } from "./quote-form";

// The checks' chunk never arrives (offline, or a new deployment removed it): its import fails.
vi.mock("../quote-validation", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

describe("QuoteForm without its checks", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("shows no message as fields are left, and says on send that the form could not be checked", async () => {
    const sent: string[] = [];
    const api = await startTestApi((request, response) => {
      if (request.method === "POST") sent.push(request.url ?? "");
      sendJson(response, 200, { tools: [], nextCursor: null, total: 0, totalIsEstimate: false });
    });
    close = api.close;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <QuoteForm />
        <ToastHost />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText("Name"));
    await user.type(screen.getByLabelText(/Email/), "not-an-email");
    await user.click(screen.getByLabelText("Message"));
    expect(screen.getByLabelText("Name")).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole("button", { name: "Send request" }));
    expect(
      await screen.findByText("The form could not be checked. Please check your connection and try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send request" })).toBeEnabled();
    expect(screen.getByLabelText(/Email/)).toHaveValue("not-an-email");
    expect(sent).toEqual([]);
  });
});
