import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { ReviewsSection } from "./reviews-section";

function renderSection() {
  // No retries here: the retry policy itself is tested with the query client.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReviewsSection />
    </QueryClientProvider>,
  );
}

describe("ReviewsSection", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("shows a loading state, then one card per review from GET /api/review", async () => {
    ({ close } = await startTestApi((request, response) => {
      expect(request.url).toBe("/api/review");
      sendJson(response, 200, [
        { review: "5", comment: "Great pliers", name: "Maria" },
        { review: "3", comment: "Fine level", name: "Tom" },
      ]);
    }));
    renderSection();
    expect(screen.getByRole("status", { name: "Loading reviews" })).toBeInTheDocument();
    expect(await screen.findByText("Great pliers")).toBeInTheDocument();
    expect(screen.getAllByText(/Review Star:/).map((node) => node.textContent)).toEqual([
      "Review Star: 5",
      "Review Star: 3",
    ]);
  });

  it("shows the server's message when loading fails, and loads again on retry", async () => {
    let calls = 0;
    ({ close } = await startTestApi((_request, response) => {
      calls += 1;
      if (calls === 1) {
        sendJson(response, 500, {
          statusCode: 500,
          error: "Internal Server Error",
          message: "Reviews are offline",
        });
      } else {
        sendJson(response, 200, [{ review: "4", comment: "Back again", name: "Priya" }]);
      }
    }));
    renderSection();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The reviews could not be loaded.");
    expect(alert.textContent).toContain("Reviews are offline");

    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Back again")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
