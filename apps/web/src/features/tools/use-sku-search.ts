import { useQueryClient } from "@tanstack/react-query";
import { skuOfSearch } from "@toolshop/shared/sku";
import { useRef } from "react";
import { useNavigate } from "react-router";
import { findToolBySku } from "./api/get-tool-by-sku";
import { toolKeys } from "./api/search-tools";
import type { FilterChange } from "./use-tool-filters";

/**
 * The search box's search, with one addition (issue 58): words sent on purpose (Enter, Search) that are
 * exactly a tool's part number, in any case, open that tool's page instead of listing. A SKU no tool
 * has, or an answer that does not come, searches as `search` always did; typing never leaves the list.
 * The server does the same for the form sent before the app has taken the page over.
 */
export function useSkuSearch(search: (q: string, how: FilterChange) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Each search's turn: a look-up answered after a later search (more typing, another Enter) is dropped.
  const turn = useRef(0);
  return (q: string, how: FilterChange) => {
    const mine = ++turn.current;
    const sku = how === "push" ? skuOfSearch(q) : null;
    if (sku === null) {
      search(q, how);
      return;
    }
    void findToolBySku(sku)
      .catch(() => null)
      .then((tool) => {
        if (mine !== turn.current) return;
        if (!tool) {
          search(q, how);
          return;
        }
        // The page opens with the tool at once, as from a card whose tool the list has loaded.
        queryClient.setQueryData(toolKeys.detail(tool._id), tool);
        navigate(`/tools/${tool._id}`);
      });
  };
}
