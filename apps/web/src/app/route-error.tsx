import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ChunkLoadFailed } from "../components/chunk-load-failed";
import { isChunkLoadError } from "../lib/chunk-load";
import { useDocumentTitle } from "../lib/use-document-title";

function RouteErrorContent() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  useDocumentTitle(chunkFailed ? "Loading chunk failed" : "Something went wrong");

  if (chunkFailed) return <ChunkLoadFailed headingLevel={1} />;
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div role="alert" className="flex flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="max-w-md text-base-content/80">
        This page could not be shown{detail ? ` (${detail})` : ""}. Reload the page or go back home.
      </p>
      <div className="flex gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn btn-outline">
          Back to Home
        </Link>
      </div>
    </div>
  );
}

/** The error element of the pages: shown inside the layout, under the navigation bar. */
export function RouteError() {
  return <RouteErrorContent />;
}

/** The error element of the layout itself: the whole screen, still with a main landmark. */
export function RootRouteError() {
  return (
    <main className="grid min-h-screen place-items-center">
      <RouteErrorContent />
    </main>
  );
}
