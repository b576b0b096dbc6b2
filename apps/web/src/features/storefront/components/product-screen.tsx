import { useQuery } from "@tanstack/react-query";
import { toolIdParamsSchema } from "@toolshop/shared/tools";
import { useState } from "react";
import NotFoundPage from "../../../app/routes/not-found-page";
import { LoadError } from "../../../components/load-error";
import { Spinner } from "../../../components/spinner";
import { ApiRequestError } from "../../../lib/api-client";
import { toolQueryOptions } from "../../tools/api/get-tool";
import { readServerProduct } from "../server-data";
import { ProductDetails } from "./product-details";

/**
 * /tools/:id. When the server rendered this page, React's first render shows the tool it sent (then
 * refreshes it in the background), so the page never falls back to a spinner; when the server found
 * no such tool, the not-found page at once. The query is the checkout's: ordering needs no new request.
 */
export function ProductScreen({ toolId }: { toolId: string }) {
  // Read once: the server's data leaves the page with its markup on React's first render.
  const [fromServer] = useState(() => readServerProduct(toolId));
  const wellFormed = toolIdParamsSchema.safeParse({ id: toolId }).success;
  const known = wellFormed && fromServer?.tool !== null;
  const {
    data: tool,
    error,
    refetch,
    isRefetching,
  } = useQuery({
    ...toolQueryOptions(toolId),
    enabled: known,
    initialData: fromServer?.tool ?? undefined,
    // Counted as old: refreshed in the background once shown, since the stock may have moved since.
    initialDataUpdatedAt: 0,
  });

  const notFound =
    !known || (error instanceof ApiRequestError && (error.status === 404 || error.status === 400));
  if (notFound) return <NotFoundPage />;
  // A failed refresh keeps what is on screen.
  if (tool) return <ProductDetails tool={tool} reviews={fromServer?.tool ? fromServer.reviews : undefined} />;
  if (error) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <LoadError
          title="The tool could not be loaded."
          error={error}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      </div>
    );
  }
  return (
    <div className="grid min-h-[60vh] place-items-center">
      <Spinner label="Loading the tool" />
    </div>
  );
}
