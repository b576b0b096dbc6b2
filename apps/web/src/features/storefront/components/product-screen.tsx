import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toolIdParamsSchema } from "@toolshop/shared/tools";
import { useState } from "react";
import NotFoundPage from "../../../app/routes/not-found-page";
import { LoadError } from "../../../components/load-error";
import { Spinner } from "../../../components/spinner";
import { ApiRequestError } from "../../../lib/api-client";
import { toolQueryOptions } from "../../tools/api/get-tool";
import { noSuchToolKey } from "../server-data";
import { ProductDetails } from "./product-details";

/**
 * /tools/:id. When the server rendered this page, the tool it showed is in the query cache (then
 * refreshed in the background, as the stock may have moved), so the page never falls back to a
 * spinner; when the server found no such tool, the not-found page at once. The query is the
 * checkout's: ordering needs no new request.
 */
export function ProductScreen({ toolId }: { toolId: string }) {
  const queryClient = useQueryClient();
  // Read once: a later visit to the same id asks the API again.
  const [serverFoundNone] = useState(() => queryClient.getQueryData(noSuchToolKey(toolId)) === true);
  const wellFormed = toolIdParamsSchema.safeParse({ id: toolId }).success;
  const known = wellFormed && !serverFoundNone;
  const {
    data: tool,
    error,
    refetch,
    isRefetching,
  } = useQuery({ ...toolQueryOptions(toolId), enabled: known });

  const notFound =
    !known || (error instanceof ApiRequestError && (error.status === 404 || error.status === 400));
  if (notFound) return <NotFoundPage />;
  // A failed refresh keeps what is on screen.
  if (tool) return <ProductDetails tool={tool} />;
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
