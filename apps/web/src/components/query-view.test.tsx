import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type QueryState, QueryView } from "./query-view";

const settled: QueryState<string[]> = {
  data: ["Hammer", "Saw"],
  error: null,
  isPending: false,
  isRefetching: false,
  refetch: () => undefined,
};

function renderView(query: QueryState<string[]>, mapError?: (error: Error) => Error) {
  render(
    <QueryView
      query={query}
      pendingLabel="Loading the tools"
      errorTitle="The tools could not be loaded."
      mapError={mapError}
      isEmpty={(tools) => tools.length === 0}
      empty={<p>No tools yet.</p>}
    >
      {(tools) => <p>{tools.join(", ")}</p>}
    </QueryView>,
  );
}

describe("QueryView", () => {
  it("shows the labelled spinner while pending", () => {
    renderView({ ...settled, data: undefined, isPending: true });
    expect(screen.getByRole("status", { name: "Loading the tools" })).toBeInTheDocument();
    expect(screen.queryByText("Hammer, Saw")).not.toBeInTheDocument();
  });

  it("shows the error with a retry that fetches again", async () => {
    const refetch = vi.fn();
    renderView({ ...settled, data: undefined, error: new Error("The shop is closed."), refetch });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The tools could not be loaded.");
    expect(alert).toHaveTextContent("The shop is closed.");
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("says the error in the caller's words, and disables the retry while it runs", () => {
    renderView(
      { ...settled, data: undefined, error: new Error("Forbidden"), isRefetching: true },
      () => new Error("You are not a admin dont do anything"),
    );
    expect(screen.getByRole("alert")).toHaveTextContent("You are not a admin dont do anything");
    expect(screen.getByRole("button", { name: "Trying again…" })).toBeDisabled();
  });

  it("shows the empty node when there is nothing", () => {
    renderView({ ...settled, data: [] });
    expect(screen.getByText("No tools yet.")).toBeInTheDocument();
  });

  it("shows the data, also when only the next page failed", () => {
    renderView({ ...settled, error: new Error("Boom."), isFetchNextPageError: true });
    expect(screen.getByText("Hammer, Saw")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
