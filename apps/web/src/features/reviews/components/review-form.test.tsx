import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { reviewsQueryOptions } from "../api/get-reviews";
import { ReviewForm } from "./review-form";

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(reviewsQueryOptions.queryKey, []);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ReviewForm />
        <ToastHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient, user: userEvent.setup() };
}

describe("ReviewForm", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("offers ratings 1 to 5 and asks for a comment before sending anything", async () => {
    let calls = 0;
    ({ close } = await startTestApi((_request, response) => {
      calls += 1;
      sendJson(response, 500, {});
    }));
    const { user } = renderForm();
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
    ]);
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    expect(await screen.findByText("Comment is required")).toBeTruthy();
    expect(calls).toBe(0);
  });

  it("posts the rating and comment only, toasts, empties the form and marks the home page's list stale", async () => {
    let received: unknown;
    ({ close } = await startTestApi(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      received = {
        url: request.url,
        method: request.method,
        body: JSON.parse(Buffer.concat(chunks).toString()),
      };
      sendJson(response, 201, { review: "4", comment: "Good level", name: "Ann" });
    }));
    const { user, queryClient } = renderForm();
    await user.selectOptions(screen.getByLabelText("Rating"), "4");
    await user.type(screen.getByLabelText("Comment"), "Good level");
    await user.click(screen.getByRole("button", { name: "Add Review" }));

    expect(await screen.findByText("Thank you! Your review was added")).toBeTruthy();
    expect(received).toEqual({
      url: "/api/review",
      method: "POST",
      body: { review: 4, comment: "Good level" },
    });
    expect((screen.getByLabelText("Comment") as HTMLTextAreaElement).value).toBe("");
    expect(queryClient.getQueryState(reviewsQueryOptions.queryKey)?.isInvalidated).toBe(true);
  });

  it("shows the server's message when the review is refused", async () => {
    ({ close } = await startTestApi((_request, response) =>
      sendJson(response, 400, {
        statusCode: 400,
        error: "Bad Request",
        message: "Review must be a rating from 1 to 5",
      }),
    ));
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Comment"), "Hi");
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    expect(await screen.findByText("Review must be a rating from 1 to 5")).toBeTruthy();
    expect((screen.getByLabelText("Comment") as HTMLTextAreaElement).value).toBe("Hi");
  });

  it("shows when the next review may be posted when the server refuses a second one today (429)", async () => {
    const message =
      "You can post one review a day. You can post your next review after 2026-05-02 10:30 UTC.";
    ({ close } = await startTestApi((_request, response) =>
      sendJson(response, 429, { statusCode: 429, error: "Too Many Requests", message }),
    ));
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Comment"), "Again");
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    const alerts = await screen.findAllByText(message);
    // On the form itself (it stays there), besides the toast.
    expect(alerts.some((alert) => alert.closest("form") !== null)).toBe(true);
  });
});
