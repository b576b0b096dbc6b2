import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router";
import { App } from "./app/app";
import { PRERENDERED_PATH_ATTRIBUTE } from "./app/prerendered-path";
import { appRouterOptions, appRoutes } from "./app/router";
import { whenRouterReady } from "./app/router-ready";
import { createQueryClient } from "./lib/query-client";

const HOME_PATH = "/";

/**
 * index.html's root element holding `/` as a first-time visitor's browser renders it before any data
 * has arrived: navigation, hero, the sections with their spinners, footer. Run by the build, in Node
 * (vite-plugins/prerender-home.ts).
 */
export async function renderHomePage(): Promise<string> {
  const router = createMemoryRouter(appRoutes, { ...appRouterOptions, initialEntries: [HOME_PATH] });
  const queryClient = createQueryClient();
  try {
    await whenRouterReady(router);
    const markup = renderToString(<App router={router} queryClient={queryClient} />);
    return `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${HOME_PATH}">${markup}</div>`;
  } finally {
    router.dispose();
    // The queries the render created hold clean-up timers that would keep the build running.
    queryClient.clear();
  }
}
