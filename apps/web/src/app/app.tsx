import type { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { type DataRouter, RouterProvider } from "react-router";
import { Providers } from "./providers";

interface AppProps {
  router: DataRouter;
  queryClient: QueryClient;
}

/**
 * The whole app. main.tsx mounts it and server-render.tsx renders `/` and the product pages with it: the
 * very same tree on both sides, so that hydration matches, useId included.
 */
export function App({ router, queryClient }: AppProps) {
  return (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
