import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { reviewsQueryOptions } from "../api/get-reviews";
import { ReviewForm } from "./review-form";

const PLIERS = { _id: "7a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6", name: "Pliers" };
const LEVEL = { _id: "0b2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f7", name: "Level" };

function renderForm(path = "/dashboard/myreview") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(reviewsQueryOptions.queryKey, []);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
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

  /** GET /api/review/tools answers `tools`; POST /api/review is recorded and answered by `answer`. */
  async function startApi(
    tools: unknown[],
    answer: (body: unknown) => [number, unknown] = () => [201, { review: "4", comment: "x", name: "Ann" }],
  ) {
    const posted: unknown[] = [];
    ({ close } = await startTestApi(async (request, response) => {
      if (request.method === "GET" && request.url === "/api/review/tools") {
        sendJson(response, 200, tools);
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString());
      posted.push({ url: request.url, method: request.method, body });
      sendJson(response, ...answer(body));
    }));
    return posted;
  }

  it("offers ratings 1 to 5 and asks for a comment before sending anything", async () => {
    const posted = await startApi([]);
    const { user } = renderForm();
    const rating = within(screen.getByLabelText("Rating"));
    expect(rating.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
    ]);
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    expect(await screen.findByText("Comment is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Comment")).toHaveAccessibleDescription("Comment is required");
    expect(posted).toEqual([]);
  });

  it("asks what is reviewed: the shop, or one of the tools the customer bought", async () => {
    const posted = await startApi([PLIERS, LEVEL]);
    const { user } = renderForm();
    const subject = screen.getByLabelText("What are you reviewing?");
    await waitFor(() =>
      expect(
        within(subject)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["The shop in general", "Pliers", "Level"]),
    );
    expect(subject).toHaveValue("");
    await user.selectOptions(subject, "Level");
    expect(subject).toHaveAccessibleDescription("Your review appears on the page of Level.");
    await user.selectOptions(screen.getByLabelText("Rating"), "3");
    await user.type(screen.getByLabelText("Comment"), "Straight enough");
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    expect(await screen.findByText("Thank you! Your review was added")).toBeInTheDocument();
    expect(posted).toEqual([
      {
        url: "/api/review",
        method: "POST",
        body: { toolId: LEVEL._id, review: 3, comment: "Straight enough" },
      },
    ]);
    expect(screen.getByRole("link", { name: "See it on the tool's page" })).toHaveAttribute(
      "href",
      `/tools/${LEVEL._id}`,
    );
  });

  it("chooses the tool the product page's link names, once it is one the customer bought", async () => {
    await startApi([PLIERS, LEVEL]);
    renderForm(`/dashboard/myreview?tool=${PLIERS._id}`);
    const subject = screen.getByLabelText("What are you reviewing?");
    await waitFor(() => expect(subject).toHaveValue(PLIERS._id));
  });

  it("keeps the shop for a tool the customer did not buy, and shows the server's refusal", async () => {
    const refusal =
      "You can only review a tool you have bought: it must be in one of your paid, shipped or delivered orders.";
    await startApi([PLIERS], () => [403, { statusCode: 403, error: "Forbidden", message: refusal }]);
    const { user } = renderForm(`/dashboard/myreview?tool=${LEVEL._id}`);
    const subject = screen.getByLabelText("What are you reviewing?");
    await screen.findByRole("option", { name: "Pliers" });
    expect(subject).toHaveValue("");
    await user.selectOptions(subject, "Pliers");
    await user.type(screen.getByLabelText("Comment"), "Hi");
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it("says when the customer has no tool to review yet, and still offers the shop", async () => {
    await startApi([]);
    renderForm();
    expect(
      await screen.findByText("Once you have paid for an order, you can review its tool here too."),
    ).toBeInTheDocument();
    expect(
      within(screen.getByLabelText("What are you reviewing?"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["The shop in general"]);
  });

  it("posts the rating and comment only, toasts, empties the form and marks the home page's list stale", async () => {
    const posted = await startApi([]);
    const { user, queryClient } = renderForm();
    await user.selectOptions(screen.getByLabelText("Rating"), "4");
    await user.type(screen.getByLabelText("Comment"), "Good level");
    await user.click(screen.getByRole("button", { name: "Add Review" }));

    expect(await screen.findByText("Thank you! Your review was added")).toBeInTheDocument();
    expect(posted).toEqual([
      { url: "/api/review", method: "POST", body: { review: 4, comment: "Good level" } },
    ]);
    expect(screen.getByLabelText("Comment")).toHaveValue("");
    expect(queryClient.getQueryState(reviewsQueryOptions.queryKey)?.isInvalidated).toBe(true);
  });

  it("shows the server's message when the review is refused", async () => {
    await startApi([], () => [
      400,
      { statusCode: 400, error: "Bad Request", message: "Review must be a rating from 1 to 5" },
    ]);
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Comment"), "Hi");
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    expect(await screen.findByText("Review must be a rating from 1 to 5")).toBeInTheDocument();
    expect(screen.getByLabelText("Comment")).toHaveValue("Hi");
  });

  it("shows when the next review may be posted when the server refuses a second one today (429)", async () => {
    const message =
      "You can post one review a day. You can post your next review after 2026-05-02 10:30 UTC.";
    await startApi([], () => [429, { statusCode: 429, error: "Too Many Requests", message }]);
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Comment"), "Again");
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    const alerts = await screen.findAllByText(message);
    // On the form itself (it stays there), besides the toast.
    expect(alerts.some((alert) => alert.closest("form") !== null)).toBe(true);
  });
});
