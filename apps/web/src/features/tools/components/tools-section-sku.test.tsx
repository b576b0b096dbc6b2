// A search for exactly a part number opens its tool's page (issue 58); anything else lists as before.
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { apiError, renderScreen } from "../../orders/test/render-with-api";
import { toolKeys } from "../api/search-tools";
import { makeTools, searchesMade, startSearchApi } from "../test/search-api";
import { ToolsSection } from "./tools-section";

const CATALOGUE = makeTools(30);
const TOOL_3 = CATALOGUE[2];

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** The list at `/`, with GET /api/tools/by-sku answered from the catalogue's SKUs (T-1 .. T-30). */
async function renderSection() {
  const api = await startSearchApi(CATALOGUE, (call) => {
    const match = /^\/api\/tools\/by-sku\/([^?]+)$/.exec(call.path);
    if (!match?.[1]) return undefined;
    const sku = decodeURIComponent(match[1]);
    const tool = CATALOGUE.find((candidate) => candidate.sku.toLowerCase() === sku.toLowerCase());
    return tool ? { status: 200, body: tool } : apiError(404, "Not Found", `No tool has the SKU ${sku}.`);
  });
  close = api.close;
  const screenParts = renderScreen(<ToolsSection />, { path: "/" });
  await screen.findByText("30 tools");
  return { api, ...screenParts };
}

const skuLookups = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith("/api/tools/by-sku/")).map((call) => call.path);
const box = () => screen.getByRole("searchbox", { name: "Search tools" });

describe("Searching the tools list for a part number", () => {
  it("opens the page of the tool whose SKU is typed, in any case and with spaces around it", async () => {
    const { user, router, api, queryClient } = await renderSection();
    await user.type(box(), "  t-3 {Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tools/${TOOL_3?._id}`));
    expect(skuLookups(api.calls)).toEqual(["/api/tools/by-sku/t-3"]);
    // The page opens with the tool the look-up answered, without asking again.
    expect(queryClient.getQueryData(toolKeys.detail(TOOL_3?._id ?? ""))).toEqual(TOOL_3);
    expect(screen.getByText("Elsewhere")).toBeInTheDocument();
  });

  it("opens it from the Search button too", async () => {
    const { user, router } = await renderSection();
    await user.type(box(), "T-3");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tools/${TOOL_3?._id}`));
  });

  it("searches as usual for a SKU no tool has", async () => {
    const { user, router, api } = await renderSection();
    await user.type(box(), "NO-SUCH-1{Enter}");
    expect(await screen.findByText(/No tools match/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.search).toBe("?q=NO-SUCH-1");
    expect(skuLookups(api.calls)).toEqual(["/api/tools/by-sku/NO-SUCH-1"]);
    expect(searchesMade(api.calls)).toContain("q=NO-SUCH-1");
  });

  it("searches as usual for words that merely contain a SKU, without looking one up", async () => {
    const { user, router, api } = await renderSection();
    await user.type(box(), "T-3 strips{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?q=T-3+strips"));
    expect(router.state.location.pathname).toBe("/");
    expect(skuLookups(api.calls)).toEqual([]);
  });

  it("lists as usual while a SKU is only being typed: the page opens on Enter", async () => {
    const { user, router, api } = await renderSection();
    await user.type(box(), "T-3");
    await waitFor(() => expect(router.state.location.search).toBe("?q=T-3"));
    expect(await screen.findByText(/No tools match/)).toBeInTheDocument();
    expect(skuLookups(api.calls)).toEqual([]);
    expect(router.state.location.pathname).toBe("/");
  });
});
