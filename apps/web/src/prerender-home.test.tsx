import { QueryClient } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { TOOLS_PAGE_SIZE } from "@toolshop/shared/tools";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "./app/app";
import { PRERENDERED_PATH_ATTRIBUTE } from "./app/prerendered-path";
import { appRouterOptions, appRoutes } from "./app/router";
import { whenRouterReady } from "./app/router-ready";
import { makeTools, searchAnswer } from "./features/tools/test/search-api";
import { renderHomePage } from "./prerender-home";
import { sendJson, startTestApi } from "./test/http-test-server";

describe("the build's pre-render of /", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    document.body.replaceChildren();
    vi.restoreAllMocks();
    await close?.();
    close = undefined;
  });

  it("holds the first screen, marked with its path", async () => {
    const markup = await renderHomePage();
    document.body.innerHTML = markup;
    const container = document.getElementById("root");
    expect(container?.getAttribute(PRERENDERED_PATH_ATTRIBUTE)).toBe("/");
    expect(container?.querySelector("h1")?.textContent).toBe("Best Electrical Tool is Here !");
    expect(container?.querySelector("nav[aria-label=Main]")).toBeInTheDocument();
    expect(container?.querySelector("a[href='#tools']")?.textContent).toBe("Get Started");
    // Nothing of the catalogue yet: it is fetched after hydration, as on any first visit.
    expect(container?.querySelector("[aria-label='Loading tools']")).toBeInTheDocument();
  });

  /**
   * Hydrates the pre-render as main.tsx does, at `path` (`/` with any query); answers React's
   * recoverable errors and
   * console errors about hydration (mismatches). The API has 30 tools to search, and nothing else.
   */
  async function hydrate(markup: string, path = "/") {
    ({ close } = await startTestApi((request, response) => {
      const call = {
        method: request.method ?? "GET",
        path: request.url ?? "/",
        headers: {},
        body: undefined,
      };
      if (!call.path.startsWith("/api/tools/search")) return sendJson(response, 200, []);
      const { status, body } = searchAnswer(makeTools(30), call);
      sendJson(response, status, body);
    }));
    document.body.innerHTML = markup;
    const container = document.getElementById("root") as HTMLElement;
    const heading = container.querySelector("h1");
    const router = createMemoryRouter(appRoutes, { ...appRouterOptions, initialEntries: [path] });
    await whenRouterReady(router);
    const mismatches: unknown[] = [];
    // React reports attributes that differ (a link's href, say) on the console only.
    const consoleError = console.error;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes("hydrat")) mismatches.push(args[0]);
      else consoleError(...args);
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<App router={router} queryClient={queryClient} />, {
      container,
      hydrate: true,
      onRecoverableError: (error) => mismatches.push(error),
    });
    return { container, heading, mismatches };
  }

  it("is hydrated as it is: the browser's first render matches it, so React keeps its nodes", async () => {
    const { container, heading, mismatches } = await hydrate(await renderHomePage());
    expect(mismatches).toEqual([]);
    expect(container.querySelector("h1")).toBe(heading);
  });

  it("is hydrated with the first page of tools fetched after it", async () => {
    const { container, mismatches } = await hydrate(await renderHomePage());
    await waitFor(() => expect(container.querySelectorAll("#tools article")).toHaveLength(TOOLS_PAGE_SIZE));
    expect(mismatches).toEqual([]);
    expect(container.querySelector("#tools [role=status]")?.textContent).toBe("30 tools");
  });

  it("hydrates at /?q=… too, then shows that search: the pre-render is the unfiltered list", async () => {
    const { container, mismatches } = await hydrate(await renderHomePage(), "/?q=strip&category=electrical");
    await waitFor(() => expect(container.querySelector("#tools [role=status]")?.textContent).toBe("5 tools"));
    expect(mismatches).toEqual([]);
    expect(container.querySelector<HTMLInputElement>("#tool-search")?.value).toBe("strip");
    expect(container.querySelector("#tools [aria-current=page]")?.textContent).toBe("Electrical");
  });

  it("still hydrates when it was built last year (the footer's year differs)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(new Date().getFullYear() - 1, 11, 31) });
    const lastYears = await renderHomePage();
    vi.useRealTimers();
    const { container, mismatches } = await hydrate(lastYears);
    expect(mismatches).toEqual([]);
    expect(container.querySelector("footer")?.textContent).toContain(
      `© ${new Date().getFullYear()} Toolshop`,
    );
  });
});
