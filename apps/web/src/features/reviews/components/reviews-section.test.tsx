import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { MORE_REVIEWS_SHOWN, REVIEWS_SHOWN_FIRST, ReviewsSection } from "./reviews-section";

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

  it("shows the first reviews, then more of them on each Show more reviews, the focus on the first new one", async () => {
    const total = REVIEWS_SHOWN_FIRST + MORE_REVIEWS_SHOWN + 2;
    const reviews = Array.from({ length: total }, (_, index) => ({
      review: String((index % 5) + 1),
      comment: `Comment ${index + 1}`,
      name: `Reviewer ${index + 1}`,
    }));
    ({ close } = await startTestApi((_request, response) => sendJson(response, 200, reviews)));
    renderSection();
    const user = userEvent.setup();
    const comments = () => screen.getAllByText(/^Comment \d+$/).map((node) => node.textContent);

    await screen.findByText("Comment 1");
    expect(comments()).toEqual(reviews.slice(0, REVIEWS_SHOWN_FIRST).map((review) => review.comment));
    expect(
      screen.getByText(`Showing ${REVIEWS_SHOWN_FIRST} of the latest ${total} reviews`),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show more reviews" }));
    const shown = REVIEWS_SHOWN_FIRST + MORE_REVIEWS_SHOWN;
    expect(comments()).toEqual(reviews.slice(0, shown).map((review) => review.comment));
    expect(document.activeElement?.textContent).toContain(`Comment ${REVIEWS_SHOWN_FIRST + 1}`);
    expect(screen.getByText(`Showing ${shown} of the latest ${total} reviews`)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show more reviews" }));
    expect(comments()).toHaveLength(total);
    expect(document.activeElement?.textContent).toContain(`Comment ${shown + 1}`);
    expect(screen.queryByRole("button", { name: "Show more reviews" })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing \d+ of/)).not.toBeInTheDocument();
  });

  it("has no Show more reviews when every review fits in the first cards", async () => {
    const reviews = Array.from({ length: REVIEWS_SHOWN_FIRST }, (_, index) => ({
      review: "4",
      comment: `Comment ${index + 1}`,
      name: `Reviewer ${index + 1}`,
    }));
    ({ close } = await startTestApi((_request, response) => sendJson(response, 200, reviews)));
    renderSection();
    await screen.findByText(`Comment ${REVIEWS_SHOWN_FIRST}`);
    expect(screen.getAllByText(/Review Star:/)).toHaveLength(REVIEWS_SHOWN_FIRST);
    expect(screen.queryByRole("button", { name: "Show more reviews" })).not.toBeInTheDocument();
  });
});
