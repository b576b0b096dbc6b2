import { queryOptions } from "@tanstack/react-query";
import type { Attribute } from "@toolshop/shared/attributes";
import { ApiRequestError, apiRequest } from "../../../lib/api-client";
import { toolKeys } from "../../tools/api/search-tools";

/**
 * Under the tools' key (features/tools), as the category tree: an attribute's change refreshes the
 * tools' answers, whose specifications it names.
 */
export const attributesKey = [...toolKeys.all, "attributes"] as const;

/** GET /api/attributes: every attribute in the owner's order (decision 0060). */
export const attributesQueryOptions = queryOptions({
  queryKey: attributesKey,
  queryFn: async ({ signal }) => {
    const body = await apiRequest<unknown>("/attributes", { signal });
    // A list or nothing: a field for each attribute is built from it, and the values saved by it.
    if (!Array.isArray(body)) {
      throw new ApiRequestError(200, "Unexpected Answer", "The server's answer could not be read.", {
        cause: new TypeError("GET /api/attributes did not answer a list"),
      });
    }
    return body as Attribute[];
  },
});
