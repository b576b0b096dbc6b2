import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { LoadError } from "../../../components/load-error";
import { Spinner } from "../../../components/spinner";
import { formatCount } from "../../../lib/format";
import { toolSearchInfiniteQueryOptions } from "../api/search-tools";
import { toggleCompared, useComparedTools } from "../compare-selection";
import { hasFacetFilters } from "../facet-filters";
import type { ToolFilters } from "../use-tool-filters";
import { CompareBar } from "./compare-bar";
import { ToolCard } from "./tool-card";

interface ToolResultsProps {
  filters: ToolFilters;
  /** The name of the filters' category, for the sentence when nothing matches. */
  categoryName?: string | undefined;
  /** False until the filters are the URL's (while the pre-render hydrates): nothing is fetched yet. */
  ready: boolean;
  onClearFilters: () => void;
  /** The tools page's: each card can be ticked for comparison, and the list is beside the filters. */
  withCompare?: boolean;
}

/** "24 tools", "1 tool", "about 10,000 tools". */
export function countTools(total: number, estimate: boolean): string {
  return `${estimate ? "about " : ""}${formatCount(total)} ${total === 1 ? "tool" : "tools"}`;
}

function noMatchSentence({ q, category, facets }: ToolFilters, categoryName = category ?? ""): string {
  if (hasFacetFilters(facets)) return "No tools match these filters.";
  const words = q ? ` “${q}”` : "";
  if (!category) return `No tools match${words}.`;
  return q ? `No tools match${words} in ${categoryName}.` : `No tools match the category ${categoryName}.`;
}

/** One page of the search at first, the next one on each "Load more"; the previous list stays while a new search loads. */
export function ToolResults({
  filters,
  categoryName,
  ready,
  onClearFilters,
  withCompare = false,
}: ToolResultsProps) {
  const query = useInfiniteQuery({
    ...toolSearchInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
    enabled: ready,
  });
  const { error, isPending, isPlaceholderData, hasNextPage, isFetchingNextPage } = query;
  // A page of cards is rendered as a transition, in slices the browser can answer input between,
  // instead of one long task when the answer arrives (the spinner stays until it is done).
  const data = useDeferredValue(query.data);
  const rendering = data !== query.data;
  const tools = data?.pages.flatMap((page) => page.tools) ?? [];
  const firstPage = data?.pages[0];
  // A new search's list (not Load more's next page, which keeps the first page) is still to come.
  const searching = isPlaceholderData || (rendering && firstPage !== query.data?.pages[0]);

  // After "Load more", the keyboard goes on from the first new tool, not from the top of the page
  // (the button may be gone when the last page came).
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || (tools.length <= index && (isFetchingNextPage || rendering))) return;
    focusFrom.current = null;
    list.current?.children[index]?.querySelector<HTMLElement>("a, button")?.focus();
  }, [tools.length, isFetchingNextPage, rendering]);

  const compared = useComparedTools();
  const [refused, setRefused] = useState(false);

  const filtered = filters.q !== "" || filters.category !== null || hasFacetFilters(filters.facets);
  const status = searching
    ? "Searching…"
    : firstPage
      ? countTools(firstPage.total, firstPage.totalIsEstimate)
      : "";

  return (
    <div className="mt-6">
      <p role="status" className="mb-4 min-h-6 font-medium">
        {status}
      </p>
      {isPending || (rendering && !data) ? (
        <div className="grid place-items-center py-16">
          <Spinner label="Loading tools" />
        </div>
      ) : !data ? (
        <LoadError
          title="The tools could not be loaded."
          error={error ?? new Error("Unknown error")}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      ) : tools.length === 0 ? (
        filtered ? (
          <div className="flex flex-col items-start gap-3 py-8">
            <p>{noMatchSentence(filters, categoryName)}</p>
            <button type="button" className="btn btn-outline btn-sm" onClick={onClearFilters}>
              Clear filters
            </button>
          </div>
        ) : (
          <p>No tools are listed right now. Please come back soon.</p>
        )
      ) : (
        <>
          <ul
            ref={list}
            aria-busy={searching}
            className={`grid gap-6 transition-opacity sm:grid-cols-2 ${withCompare ? "xl:grid-cols-3" : "lg:grid-cols-3"} ${searching ? "opacity-60" : ""}`}
          >
            {tools.map((tool) => (
              <li key={tool._id} className="flex [&>article]:w-full">
                <ToolCard
                  tool={tool}
                  compare={
                    withCompare
                      ? {
                          checked: compared.includes(tool._id),
                          onToggle: () => setRefused(!toggleCompared(tool._id)),
                        }
                      : undefined
                  }
                />
              </li>
            ))}
          </ul>
          {withCompare ? <CompareBar ids={compared} refused={refused} /> : null}
          {query.isFetchNextPageError ? (
            <div className="mt-6">
              <LoadError
                title="More tools could not be loaded."
                error={error ?? new Error("Unknown error")}
                onRetry={() => {
                  focusFrom.current = tools.length;
                  void query.fetchNextPage();
                }}
                retrying={isFetchingNextPage}
              />
            </div>
          ) : hasNextPage && !searching ? (
            <div className="mt-8 flex justify-center">
              <button
                type="button"
                className="btn btn-wide btn-primary"
                // Not disabled while loading: the button keeps the keyboard focus.
                aria-disabled={isFetchingNextPage}
                onClick={() => {
                  if (isFetchingNextPage) return;
                  focusFrom.current = tools.length;
                  void query.fetchNextPage();
                }}
              >
                {isFetchingNextPage ? (
                  <>
                    <span
                      aria-hidden="true"
                      className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
                    />
                    Loading more tools…
                  </>
                ) : (
                  "Load more"
                )}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
