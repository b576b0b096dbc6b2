import { dehydrate, hydrate } from "@tanstack/react-query";
import { jsonForScript } from "@toolshop/shared/script-json";
import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router";
import { App } from "./app/app";
import { appRouterOptions, appRoutes } from "./app/router";
import { whenRouterReady } from "./app/router-ready";
import {
  SERVER_QUERIES_ID,
  SERVER_RENDERED_ATTRIBUTE,
  type ServerPage,
  seedQueries,
} from "./features/storefront/server-data";
import { setPriceCurrency } from "./lib/format";
import { createQueryClient } from "./lib/query-client";

export type { ServerPage } from "./features/storefront/server-data";
// The server reads the tools page's URL as the browser does, and asks the search for it so.
export { toolSearchFields } from "./features/tools/api/search-tools";
export { readToolFilters } from "./features/tools/use-tool-filters";

/**
 * The body of a page the server renders (docs/decisions/0047): the query cache as a JSON data block,
 * then #root with the app rendered at `path` by the same components the browser hydrates it with.
 * Run by apps/server/src/features/storefront/routes.ts, in Node.
 */
export async function renderServerPage(path: string, page: ServerPage, currency: string): Promise<string> {
  const seeded = createQueryClient();
  seedQueries(seeded, page);
  // Rendered from the JSON the browser will read, so both sides see the very same values.
  const json = jsonForScript(dehydrate(seeded));
  seeded.clear();
  const queryClient = createQueryClient();
  hydrate(queryClient, JSON.parse(json));
  const router = createMemoryRouter(appRoutes, { ...appRouterOptions, initialEntries: [path] });
  try {
    await whenRouterReady(router);
    // Prices are formatted in the shop's currency, as main.tsx sets it from the page's <meta>. Set
    // right before the synchronous render: another app in the same process may sell in another one.
    setPriceCurrency(currency);
    const markup = renderToString(<App router={router} queryClient={queryClient} />);
    const root = `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="${encodeAttribute(path)}">${markup}</div>`;
    return `<script type="application/json" id="${SERVER_QUERIES_ID}">${json}</script>${root}`;
  } finally {
    router.dispose();
    // The queries the render created hold clean-up timers that would keep a process (or test) alive.
    queryClient.clear();
  }
}

function encodeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
