import { QueryClient, QueryClientProvider, useInfiniteQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PagedList } from "./paged-list";

interface Page {
  body: string[];
  next: string | null;
}

/** The server: each call takes the next answer; a string is a failure's message. */
function fakeServer(answers: (Page | string)[]) {
  const cursors: (string | null)[] = [];
  const fetchPage = async (cursor: string | null): Promise<Page> => {
    cursors.push(cursor);
    const answer = answers.shift();
    if (answer === undefined) throw new Error("No more answers");
    if (typeof answer === "string") throw new Error(answer);
    return answer;
  };
  return { fetchPage, cursors };
}

function Tools({ fetchPage }: { fetchPage: (cursor: string | null) => Promise<Page> }) {
  const query = useInfiniteQuery({
    queryKey: ["tools"],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Page) => page.next,
  });
  return (
    <PagedList
      query={query}
      pageItems={(page) => page.body}
      pendingLabel="Loading tools"
      errorTitle="The tools could not be loaded."
      mapError={(error) => new Error(`Sorry: ${error.message}`)}
      emptyText="No tools yet."
      noun={["tool", "tools"]}
    >
      {(tools, itemProps) => (
        <ul aria-label="Tools">
          {tools.map((tool, index) => (
            <li key={tool} {...itemProps(index)}>
              {tool} <button type="button">Edit {tool}</button>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function renderTools(answers: (Page | string)[]) {
  const server = fakeServer(answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Tools fetchPage={server.fetchPage} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), cursors: server.cursors };
}

const item = (name: string) => screen.getByText(name, { selector: "li", exact: false });

describe("PagedList", () => {
  it("shows the labelled spinner while the first page loads", async () => {
    renderTools([{ body: ["Hammer"], next: null }]);
    expect(screen.getByRole("status", { name: "Loading tools" })).toBeInTheDocument();
    expect(await screen.findByText("1 tool shown.")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading tools" })).not.toBeInTheDocument();
  });

  it("shows the failure in the caller's words, and Try again fetches again", async () => {
    const { user, cursors } = renderTools(["The shop is closed.", { body: ["Hammer"], next: null }]);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The tools could not be loaded.");
    expect(alert).toHaveTextContent("Sorry: The shop is closed.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("1 tool shown.")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(cursors).toEqual([null, null]);
  });

  it("says when there is nothing, with no list and no Load more", async () => {
    renderTools([{ body: [], next: null }]);
    expect(await screen.findByText("No tools yet.")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Tools" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("appends the next page on Load more and moves the focus to its first item", async () => {
    const { user, cursors } = renderTools([
      { body: ["Hammer", "Saw"], next: "p2" },
      { body: ["Drill", "Vise"], next: null },
    ]);
    expect(await screen.findByText("2 tools shown, more to load.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("4 tools shown.")).toBeInTheDocument();
    expect(cursors).toEqual([null, "p2"]);
    await expect.poll(() => item("Drill")).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    // The keyboard goes on from there: the new item's own button is next.
    await user.tab();
    expect(screen.getByRole("button", { name: "Edit Drill" })).toHaveFocus();
  });

  it("keeps the keyboard focus on Load more while the page loads, and a second press asks once", async () => {
    let release: (page: Page) => void = () => undefined;
    const cursors: (string | null)[] = [];
    const fetchPage = (cursor: string | null) => {
      cursors.push(cursor);
      if (cursor === null) return Promise.resolve({ body: ["Hammer"], next: "p2" });
      return new Promise<Page>((resolve) => {
        release = resolve;
      });
    };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <Tools fetchPage={fetchPage} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const loadMore = await screen.findByRole("button", { name: "Load more" });
    loadMore.focus();
    await user.keyboard("{Enter}");
    const loading = await screen.findByRole("button", { name: "Loading…" });
    expect(loading).toHaveFocus();
    expect(loading).toHaveAttribute("aria-disabled", "true");
    await user.keyboard("{Enter}");
    expect(cursors).toEqual([null, "p2"]);
    release({ body: ["Saw"], next: null });
    await expect.poll(() => item("Saw")).toHaveFocus();
  });

  it("keeps the list when the next page fails, says why and offers Load more again", async () => {
    const { user } = renderTools([
      { body: ["Hammer"], next: "p2" },
      "Timeout.",
      { body: ["Saw"], next: null },
    ]);
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The next page could not be loaded. Sorry: Timeout.",
    );
    expect(item("Hammer")).toBeInTheDocument();
    expect(item("Hammer")).not.toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await expect.poll(() => item("Saw")).toHaveFocus();
    expect(screen.getByText("2 tools shown.")).toBeInTheDocument();
  });
});
