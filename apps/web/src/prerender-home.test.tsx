import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
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

  it("is hydrated as it is: the browser's first render matches it, so React keeps its nodes", async () => {
    ({ close } = await startTestApi((_request, response) => sendJson(response, 200, [])));
    document.body.innerHTML = await renderHomePage();
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
    expect(mismatches).toEqual([]);
    expect(container.querySelector("h1")).toBe(heading);
  });
});
