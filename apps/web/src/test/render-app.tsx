import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Providers } from "../app/providers";
import { appRouterOptions, appRoutes } from "../app/router";

/** The whole app (route table, providers, toasts) at `path` (with its query), as main.tsx mounts it. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path], ...appRouterOptions });
  // No retries here: the retry policy itself is tested with the query client.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup() };
}
