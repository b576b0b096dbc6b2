import { screen, within } from "@testing-library/react";
import type { ModeratedReview } from "@toolshop/shared/reviews";
import { afterEach, describe, expect, it } from "vitest";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { addressShown, renderListScreen, sendPage } from "../../../test/list-screen";
import { ReviewModeration } from "./review-moderation";

function renderModeration(url = "/dashboard/reviews") {
  return renderListScreen(<ReviewModeration />, url);
}

const authors = () =>
  within(screen.getByRole("list", { name: "Reviews" }))
    .getAllByRole("heading")
    .map((heading) => heading.textContent);

const PLIERS = { _id: "7a1f9f7e-2a0b-4c4e-9a51-1b2c3d4e5f60", name: "Pliers" };

const aReview = (
  id: string,
  name: string,
  hidden = false,
  tool: ModeratedReview["tool"] = null,
): ModeratedReview => ({
  _id: id,
  review: "4",
  comment: `${name}'s comment`,
  name,
  email: `${name.toLowerCase()}@example.com`,
  hidden,
  hiddenAt: hidden ? "2026-01-02T10:00:00.000Z" : null,
  createdAt: "2026-01-01T10:00:00.000Z",
  tool,
});

describe("ReviewModeration", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("lists reviews with their authors, hides one after confirmation and deletes another", async () => {
    let list = [aReview("1", "Ann", false, PLIERS), aReview("2", "Bob", true)];
    const calls: string[] = [];
    ({ close } = await startTestApi(async (request, response) => {
      calls.push(`${request.method} ${request.url}`);
      if (request.method === "PATCH") {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const { hidden } = JSON.parse(Buffer.concat(chunks).toString());
        list = list.map((review) => (review._id === "1" ? { ...review, hidden } : review));
        sendJson(response, 200, list[0]);
      } else if (request.method === "DELETE") {
        list = list.filter((review) => review._id !== "2");
        sendJson(response, 200, { deletedCount: 1 });
      } else sendJson(response, 200, list);
    }));
    const user = renderModeration();

    const ann = await screen.findByRole("article", { name: "Ann" });
    expect(ann.textContent).toContain("ann@example.com");
    expect(ann.textContent).toContain("Ann's comment");
    expect(ann.textContent).toContain("Shown");
    expect(screen.getByRole("article", { name: "Bob" }).textContent).toContain("Hidden");
    // Which tool each review is about (issue 51): a link to its page, or the shop in general.
    expect(within(ann).getByRole("link", { name: "Pliers" }).getAttribute("href")).toBe(
      `/tools/${PLIERS._id}`,
    );
    expect(ann.textContent).toContain("About Pliers");
    expect(screen.getByRole("article", { name: "Bob" }).textContent).toContain("About the shop in general");
    expect(screen.getByText("2 reviews shown.")).toBeInTheDocument();

    await user.click(within(ann).getByRole("button", { name: "Hide the review by Ann" }));
    const dialog = await screen.findByRole("dialog", { name: "Hide this review?" });
    // Nothing changes before the confirmation; Cancel has the focus.
    expect(calls.filter((call) => call.startsWith("PATCH"))).toEqual([]);
    expect(document.activeElement?.textContent).toBe("Cancel");
    await user.click(within(dialog).getByRole("button", { name: "Yes, hide" }));
    expect(await screen.findByText("The review is hidden from the home page")).toBeInTheDocument();
    expect(calls).toContain("PATCH /api/reviews/1");
    await expect.poll(() => screen.getByRole("article", { name: "Ann" }).textContent).toContain("Hidden");

    const bob = screen.getByRole("article", { name: "Bob" });
    await user.click(within(bob).getByRole("button", { name: "Delete the review by Bob" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete this review?" });
    await user.click(within(confirm).getByRole("button", { name: "Yes, delete" }));
    expect(await screen.findByText("The review was deleted")).toBeInTheDocument();
    expect(calls).toContain("DELETE /api/reviews/2");
    await expect.poll(() => screen.queryByRole("article", { name: "Bob" })).not.toBeInTheDocument();
  });

  it("shows an empty state", async () => {
    ({ close } = await startTestApi((_request, response) => sendJson(response, 200, [])));
    renderModeration();
    expect(await screen.findByText("No reviews yet.")).toBeInTheDocument();
  });

  it("shows the error with a retry, the spec's sentence for a 403", async () => {
    ({ close } = await startTestApi((_request, response) =>
      sendJson(response, 403, { statusCode: 403, error: "Forbidden", message: "Only an admin can do this." }),
    ));
    renderModeration();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The reviews could not be loaded.");
    expect(alert.textContent).toContain("You are not a admin dont do anything");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("appends older reviews on Load more, and deletes one of them", async () => {
    const requests: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      if (request.method === "DELETE") sendJson(response, 200, { deletedCount: 1 });
      else if (request.url?.includes("cursor=older")) sendPage(response, [aReview("3", "Cid")]);
      else sendPage(response, [aReview("1", "Ann"), aReview("2", "Bob")], "older");
    }));
    const user = renderModeration();
    expect(await screen.findByText("2 reviews shown, more to load.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("3 reviews shown.")).toBeInTheDocument();
    await expect.poll(() => screen.getByRole("article", { name: "Cid" }).closest("li")).toHaveFocus();
    expect(authors()).toEqual(["Ann", "Bob", "Cid"]);
    expect(requests).toEqual(["GET /api/reviews", "GET /api/reviews?cursor=older"]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete the review by Cid" }));
    await user.click(await screen.findByRole("button", { name: "Yes, delete" }));
    await expect.poll(authors).toEqual(["Ann", "Bob"]);
  });

  it("filters by visibility and searches authors: the URL and the request follow; no match says so", async () => {
    const requests: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      requests.push(request.url ?? "");
      const url = new URL(request.url ?? "", "http://x");
      sendPage(response, url.searchParams.get("q") === "zed" ? [] : [aReview("2", "Bob", true)]);
    }));
    const user = renderModeration();
    await screen.findByText("1 review shown.");

    await user.selectOptions(screen.getByRole("combobox", { name: "Visibility" }), "Hidden");
    await expect.poll(addressShown).toBe("?visibility=hidden");
    await expect.poll(() => requests.at(-1)).toBe("/api/reviews?visibility=hidden");
    await user.type(screen.getByRole("searchbox", { name: "Search by author's email or name" }), "bob");
    await expect.poll(addressShown).toBe("?visibility=hidden&q=bob");
    await expect.poll(() => requests.at(-1)).toBe("/api/reviews?visibility=hidden&q=bob");

    await user.clear(screen.getByRole("searchbox", { name: "Search by author's email or name" }));
    await user.type(
      screen.getByRole("searchbox", { name: "Search by author's email or name" }),
      "zed{Enter}",
    );
    expect(await screen.findByText("No reviews match this search.")).toBeInTheDocument();
  });

  it("starts from the filter in the URL", async () => {
    const requests: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      requests.push(request.url ?? "");
      sendPage(response, [aReview("1", "Ann")]);
    }));
    renderModeration("/dashboard/reviews?visibility=visible&q=an");
    expect(await screen.findByRole("article", { name: "Ann" })).toBeInTheDocument();
    expect(requests).toEqual(["/api/reviews?visibility=visible&q=an"]);
    expect((screen.getByRole("combobox", { name: "Visibility" }) as HTMLSelectElement).value).toBe("visible");
  });
});
