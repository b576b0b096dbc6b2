// Rendering an admin list screen for its tests (all users, quote requests, review moderation): a
// router whose address the test can read, a query client that does not retry, and the toasts.
import type { ServerResponse } from "node:http";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { ToastHost } from "../components/toast-host";

/** Shows the address's query, as the browser's address bar would. */
function AddressBar() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

/** Renders `screenUnderTest` at `url`; answers the user-event session to drive it with. */
export function renderListScreen(screenUnderTest: ReactNode, url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={queryClient}>
        {screenUnderTest}
        <ToastHost />
        <AddressBar />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** The query string the list put in the address (filters, search). */
export const addressShown = () => screen.getByRole("status", { name: "Address" }).textContent;

/** One page of a list: the JSON array, and the next page's cursor in X-Next-Cursor. */
export function sendPage(response: ServerResponse, body: unknown, nextCursor?: string) {
  response.writeHead(200, {
    "content-type": "application/json",
    ...(nextCursor ? { [NEXT_CURSOR_HEADER]: nextCursor } : {}),
  });
  response.end(JSON.stringify(body));
}
