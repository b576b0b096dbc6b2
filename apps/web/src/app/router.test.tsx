import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { isPagePath, PAGE_PATHS } from "@toolshop/shared/page-paths";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { lazyPage } from "./lazy-page";
import { RouteError } from "./route-error";
import { appRoutes } from "./router";
import { signedInRoutes } from "./signed-in-routes";

/** Every page's full path in a route table (an index route is its parent's page; "*" is no page). */
function pagePaths(routes: RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const path = route.path?.startsWith("/") ? route.path : `${parent}/${route.path ?? ""}`;
    const own = route.index || (route.path && !route.children) ? [path.replace(/(.)\/+$/, "$1")] : [];
    const children = route.children ? pagePaths(route.children, path.replace(/\/+$/, "")) : [];
    return [...own, ...children].filter((page) => !page.endsWith("*"));
  });
}

function renderAt(path: string, routes = appRoutes) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>,
  );
}

describe("the route table", () => {
  it("shows the not-found page for any other path, with a link home", async () => {
    renderAt("/no/such/page");
    expect(
      await screen.findByRole("heading", { level: 1, name: "You are in the wrong place" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  it("takes every page's path from the list the server answers 404 by, and has no other page", () => {
    const pages = [...pagePaths(appRoutes), ...pagePaths(signedInRoutes, "/")];
    expect(new Set(pages)).toEqual(new Set(Object.values(PAGE_PATHS)));
    expect(pages.every(isPagePath)).toBe(true);
    expect(isPagePath("/no/such/page")).toBe(false);
  });

  it("marks the active link of the navigation bar and offers Login to a visitor", async () => {
    renderAt("/blogs");
    await screen.findByRole("heading", { level: 1, name: "Blogs" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    // The bar's own list, and the phone's popover list (decision 0049): the same links, each marked.
    for (const list of [nav.querySelector("ul:not([popover])"), nav.querySelector("ul[popover]")]) {
      const current = list?.querySelectorAll('[aria-current="page"]') ?? [];
      expect([...current].map((link) => link.textContent)).toEqual(["Blogs"]);
      const labels = [...(list?.querySelectorAll("a") ?? [])].map((link) => link.textContent);
      expect(labels).toEqual(["Home", "Blogs", "MyPortfolio", "Login"]);
    }
    expect(screen.getAllByRole("article").length).toBeGreaterThanOrEqual(4);
  });

  it('shows "Loading chunk failed" with a Reload button when a page\'s code cannot be downloaded', async () => {
    const failing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    renderAt("/broken", [{ path: "/broken", ErrorBoundary: RouteError, ...lazyPage(failing) }]);
    expect(await screen.findByRole("heading", { name: "Loading chunk failed" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
  });

  it("shows the full-page spinner on /loading", async () => {
    renderAt("/loading");
    await screen.findByRole("heading", { name: "Loading", level: 1 });
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });
});
