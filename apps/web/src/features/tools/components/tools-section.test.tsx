import { act, screen, waitFor, within } from "@testing-library/react";
import { TOOL_SEARCH_MAX_LENGTH, TOOLS_PAGE_SIZE } from "@toolshop/shared/tools";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, renderScreen } from "../../orders/test/render-with-api";
import { makeTools, searchAnswer, searchesMade, startSearchApi } from "../test/search-api";
import { SEARCH_DEBOUNCE_MS } from "./tool-search-box";
import { ToolsSection } from "./tools-section";

// 30 tools: a first page of 24 and 6 more; "Strips wires" is the description of every third one.
const CATALOGUE = makeTools(30);

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await close?.();
  close = undefined;
});

async function renderSection(path = "/", override?: Parameters<typeof startSearchApi>[1]) {
  const api = await startSearchApi(CATALOGUE, override);
  close = api.close;
  return { api, ...renderScreen(<ToolsSection />, { path }) };
}

/**
 * Holds the search box's typing pauses until `end()`, so a step taken "within the pause" is within it
 * however slow the machine: a pause that ran out first would hide the bug such a test is for.
 */
function holdTypingPauses() {
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  const held = new Map<object, () => void>();
  const setSpy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((
    callback: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    if (ms !== SEARCH_DEBOUNCE_MS) return realSetTimeout(callback, ms, ...args);
    const id = {};
    held.set(id, () => callback(...args));
    return id;
  }) as typeof setTimeout);
  const clearSpy = vi.spyOn(globalThis, "clearTimeout").mockImplementation((id) => {
    if (!held.delete(id as object)) realClearTimeout(id);
  });
  return {
    /** How many pauses are running. */
    waiting: () => held.size,
    /** Ends the pauses still running, as time would. */
    end() {
      setSpy.mockRestore();
      clearSpy.mockRestore();
      const ending = [...held.values()];
      held.clear();
      act(() => {
        for (const pauseEnds of ending) pauseEnds();
      });
    },
  };
}

const cards = () => screen.queryAllByRole("article");
const status = () => screen.getByRole("status", { name: "" });
const search = (router: { state: { location: { search: string } } }) => router.state.location.search;

describe("The home page's tools list", () => {
  it("shows a first page and its count, and appends the next page on Load more", async () => {
    const { user, api } = await renderSection();
    expect(await screen.findByText("30 tools")).toBeInTheDocument();
    expect(cards()).toHaveLength(TOOLS_PAGE_SIZE);

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(cards()).toHaveLength(30));
    // The last page came: no more button, and the keyboard goes on from the first new tool.
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tool 25" })).toHaveFocus();
    expect(searchesMade(api.calls)).toEqual(["", "cursor=24"]);
  });

  it("says the count is about N when the server estimates it", async () => {
    await renderSection("/", (call) => {
      const answer = searchAnswer(CATALOGUE, call);
      return { ...answer, body: { ...(answer.body as object), total: 12000, totalIsEstimate: true } };
    });
    expect(await screen.findByText("about 12,000 tools")).toBeInTheDocument();
  });

  it("opens a shared URL on its category, words and order", async () => {
    const { api } = await renderSection("/?category=electrical&q=strip&sort=price");
    // Tools 3, 9, 15, 21, 27: electrical and "Strips wires", cheapest first.
    expect(await screen.findByText("5 tools")).toBeInTheDocument();
    expect(cards().map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "Tool 3",
      "Tool 9",
      "Tool 15",
      "Tool 21",
      "Tool 27",
    ]);
    expect(screen.getByRole("link", { name: "Electrical" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "All" })).not.toHaveAttribute("aria-current");
    expect(screen.getByLabelText("Search tools")).toHaveValue("strip");
    expect(screen.getByLabelText("Sort by")).toHaveValue("price");
    expect(searchesMade(api.calls)).toEqual(["q=strip&category=electrical&sort=price"]);
  });

  it("shows the chosen category's sub-categories, and a sub-category's tools alone", async () => {
    const { user, router, api } = await renderSection();
    await screen.findByText("30 tools");
    expect(screen.queryByRole("list", { name: "Sub-categories of Electrical" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Electrical" }));
    // Electrical takes in its drills: 15 tools, of which the drills are every fourth number from 1.
    expect(await screen.findByText("15 tools")).toBeInTheDocument();
    const subCategories = screen.getByRole("list", { name: "Sub-categories of Electrical" });
    await user.click(within(subCategories).getByRole("link", { name: "Drills" }));
    expect(await screen.findByText("8 tools")).toBeInTheDocument();
    expect(search(router)).toBe("?category=drills");
    expect(screen.getByRole("link", { name: "Drills" })).toHaveAttribute("aria-current", "page");
    // Its parent stays shown, as the way back up.
    expect(screen.getByRole("link", { name: "Electrical" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("list", { name: "Sub-categories of Electrical" })).toBeInTheDocument();
    expect(searchesMade(api.calls)).toEqual(["", "category=electrical", "category=drills"]);
  });

  it("cuts a huge search in the URL to what the server accepts, and reads a misspelt category as All", async () => {
    const { api } = await renderSection(`/?q=${"strip".repeat(200)}&category=Plumbing`);
    expect(await screen.findByText(/No tools match/)).toBeInTheDocument();
    const box = screen.getByLabelText("Search tools");
    expect(box).toHaveValue("strip".repeat(20));
    expect(box).toHaveAttribute("maxLength", String(TOOL_SEARCH_MAX_LENGTH));
    expect(screen.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    expect(searchesMade(api.calls)).toEqual([`q=${"strip".repeat(20)}`]);
  });

  it("keeps a tab, a sort and a search in the URL, each a step that Back undoes", async () => {
    const { user, router } = await renderSection();
    await screen.findByText("30 tools");

    await user.click(screen.getByRole("link", { name: "Mechanical" }));
    expect(await screen.findByText("15 tools")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Mechanical" })).toHaveAttribute("aria-current", "page");
    await user.selectOptions(screen.getByLabelText("Sort by"), "price-desc");
    await waitFor(() => expect(search(router)).toBe("?category=mechanical&sort=price-desc"));
    await waitFor(() => expect(within(cards()[0] as HTMLElement).getByText("Tool 30")).toBeInTheDocument());

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText("Sort by")).toHaveValue("featured"));
    expect(search(router)).toBe("?category=mechanical");
    await router.navigate(-1);
    expect(await screen.findByText("30 tools")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  });

  it("searches once typing pauses, in one history entry that Back leaves whole", async () => {
    const { user, router, api } = await renderSection("/?sort=name");
    await screen.findByText("30 tools");

    await user.type(screen.getByLabelText("Search tools"), "strip");
    await waitFor(() => expect(search(router)).toBe("?sort=name&q=strip"));
    expect(await screen.findByText("10 tools")).toBeInTheDocument();
    // Not a request per key stroke.
    expect(searchesMade(api.calls)).toEqual(["sort=name", "q=strip&sort=name"]);

    await user.type(screen.getByLabelText("Search tools"), "s");
    await waitFor(() => expect(search(router)).toBe("?sort=name&q=strips"));
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText("Search tools")).toHaveValue(""));
    expect(search(router)).toBe("?sort=name");
  });

  it("sends the words in the box first when a sort is chosen while the typing pauses; Back undoes the sort only", async () => {
    const { user, router, api } = await renderSection();
    await screen.findByText("30 tools");
    const pauses = holdTypingPauses();

    await user.type(screen.getByLabelText("Search tools"), "strip");
    expect(pauses.waiting()).toBe(1);
    // Within the pause: the sort takes the words the box shows, and the list never shows the sort alone.
    await user.selectOptions(screen.getByLabelText("Sort by"), "price");
    expect(Object.fromEntries(new URLSearchParams(search(router)))).toEqual({ q: "strip", sort: "price" });
    expect(await screen.findByText("10 tools")).toBeInTheDocument();
    expect(screen.getByLabelText("Sort by")).toHaveValue("price");
    expect(searchesMade(api.calls)).not.toContain("sort=price");

    // The pause ends with nothing left to send: no third history entry, nothing undone.
    expect(pauses.waiting()).toBe(0);
    pauses.end();
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText("Sort by")).toHaveValue("featured"));
    expect(search(router)).toBe("?q=strip");
    expect(screen.getByLabelText("Search tools")).toHaveValue("strip");
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText("Search tools")).toHaveValue(""));
    expect(search(router)).toBe("");
  });

  it("sends the words in the box first when a tab is chosen while the typing pauses", async () => {
    const { user, router } = await renderSection();
    await screen.findByText("30 tools");
    const pauses = holdTypingPauses();

    await user.type(screen.getByLabelText("Search tools"), "strip");
    expect(pauses.waiting()).toBe(1);
    await user.click(screen.getByRole("link", { name: "Electrical" }));
    expect(Object.fromEntries(new URLSearchParams(search(router)))).toEqual({
      q: "strip",
      category: "electrical",
    });
    expect(await screen.findByText("5 tools")).toBeInTheDocument();

    expect(pauses.waiting()).toBe(0);
    pauses.end();
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page"),
    );
    expect(search(router)).toBe("?q=strip");
  });

  it("searches at once on Enter", async () => {
    const { user, router } = await renderSection();
    await screen.findByText("30 tools");
    await user.type(screen.getByLabelText("Search tools"), "tool 7{Enter}");
    // Enter does not wait for the pause.
    expect(search(router)).toBe("?q=tool+7");
    expect(await screen.findByText("1 tool")).toBeInTheDocument();
  });

  it("says when nothing matches, and clears the filters but not the order", async () => {
    const { user, router } = await renderSection("/?category=mechanical&q=zzz&sort=price");
    expect(await screen.findByText("No tools match “zzz” in Mechanical.")).toBeInTheDocument();
    expect(screen.getByText("0 tools")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByText("30 tools")).toBeInTheDocument();
    expect(search(router)).toBe("?sort=price");
    expect(screen.getByLabelText("Search tools")).toHaveValue("");
  });

  it("clears words typed within the pause on Clear filters, even when the URL holds no words", async () => {
    const electrical = CATALOGUE.filter((tool) => tool.category.path[0]?.slug === "electrical");
    const { user, router, api } = await renderSection("/?category=mechanical", (call) =>
      searchAnswer(electrical, call),
    );
    expect(await screen.findByText("No tools match the category Mechanical.")).toBeInTheDocument();
    const pauses = holdTypingPauses();

    await user.type(screen.getByLabelText("Search tools"), "tool 1");
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByText("15 tools")).toBeInTheDocument();
    expect(screen.getByLabelText("Search tools")).toHaveValue("");
    expect(pauses.waiting()).toBe(0);
    pauses.end();
    expect(search(router)).toBe("");
    expect(searchesMade(api.calls)).toEqual(["category=mechanical", ""]);
  });

  it("shows the server's sentence when the list cannot load, and loads it on Try again", async () => {
    let fail = true;
    const { user } = await renderSection("/", () =>
      fail ? apiError(503, "Service Unavailable", "The catalogue is resting.") : undefined,
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The tools could not be loaded.");
    expect(alert).toHaveTextContent("The catalogue is resting.");

    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("30 tools")).toBeInTheDocument();
    expect(cards()).toHaveLength(TOOLS_PAGE_SIZE);
  });

  it("keeps the tools shown when Load more fails, and appends them on Try again", async () => {
    let fail = true;
    const { user } = await renderSection("/", (call) =>
      fail && call.path.includes("cursor=") ? apiError(500, "Internal Server Error", "Boom.") : undefined,
    );
    await screen.findByText("30 tools");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("More tools could not be loaded.");
    expect(cards()).toHaveLength(TOOLS_PAGE_SIZE);

    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(status()).toHaveTextContent("30 tools");
  });
});
