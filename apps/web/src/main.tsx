import "react-toastify/ReactToastify.css";
import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers";
import { createAppRouter } from "./app/router";
import { startSession } from "./features/auth/session-state";
import { handleVitePreloadErrors } from "./lib/chunk-load";
import { createQueryClient } from "./lib/query-client";

handleVitePreloadErrors(window);
// Who is signed in is settled at once, in parallel with the first page's code.
void startSession();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);
