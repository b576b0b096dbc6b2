import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { RouteFallback } from "../components/spinner";
import { loadChunk } from "../lib/chunk-load";

type PageModule = { default: ComponentType };

/**
 * A route whose page is a separate chunk, downloaded on first visit. A failed or timed-out download
 * becomes a ChunkLoadError for the route's error element; the spinner shows while the first page loads.
 */
export function lazyPage(importer: () => Promise<PageModule>): Pick<RouteObject, "lazy" | "HydrateFallback"> {
  return {
    HydrateFallback: RouteFallback,
    lazy: async () => {
      const page = await loadChunk(importer);
      return { Component: page.default };
    },
  };
}
