import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "./app/app";
import { PRERENDERED_PATH_ATTRIBUTE } from "./app/prerendered-path";
import { appRouterOptions, appRoutes } from "./app/router";
import { whenRouterReady } from "./app/router-ready";
import { renderHomePage } from "./prerender-home";
import { sendJson, startTestApi } from "./test/http-test-server";

describe("the build's pre-render of /", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    document.body.replaceChildren();
    await close?.();
    close = undefined;
  });

  it("holds the first screen, marked with its path", async () => {
    const markup = await renderHomePage();
    document.body.innerHTML = markup;
    const container = document.getElementById("root");
    expect(container?.getAttribute(PRERENDERED_PATH_ATTRIBUTE)).toBe("/");
    expect(container?.querySelector("h1")?.textContent).toBe("Best Electrical Tool is Here !");
    expect(container?.querySelector("nav[aria-label=Main]")).not.toBeNull();
    expect(container?.querySelector("a[href='#tools']")?.textContent).toBe("Get Started");
    // Nothing of the catalogue yet: it is fetched after hydration, as on any first visit.
    expect(container?.querySelector("[aria-label='Loading tools']")).not.toBeNull();
  });

  /** Hydrates the pre-render as main.tsx does; answers React's recoverable errors (mismatches). */
  async function hydrate(markup: string) {
    ({ close } = await startTestApi((_request, response) => sendJson(response, 200, [])));
    document.body.innerHTML = markup;
    const container = document.getElementById("root") as HTMLElement;
    const heading = container.querySelector("h1");
    const router = createMemoryRouter(appRoutes, { ...appRouterOptions, initialEntries: ["/"] });
    await whenRouterReady(router);
    const mismatches: unknown[] = [];
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
