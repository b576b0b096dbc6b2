import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type ReactNode, useRef } from "react";
import { categoriesQueryOptions } from "../../categories/api/get-categories";
import { findCategory } from "../../categories/category-tree";
import { toolSearchInfiniteQueryOptions } from "../api/search-tools";
import { NO_FACET_FILTERS } from "../facet-filters";
import { type ToolFilters, useToolFilters } from "../use-tool-filters";
import { FacetPanel } from "./facet-panel";
import { CategoryTabs, SortSelect } from "./tool-filters";
import { ToolResults } from "./tool-results";
import { ToolSearchBox, type ToolSearchBoxHandle } from "./tool-search-box";

interface ToolsCatalogueProps {
  /** The filters the server rendered the page with (the tools page's category); none on the home page. */
  renderedWith?: readonly (keyof ToolFilters)[];
  /**
   * What shows instead of the list for a slug no category has; without it such a slug is read as no
   * category, like any misspelt value of the URL.
   */
  unknownCategory?: (slug: string) => ReactNode;
  /** The tools page's: the filter panel with its counts beside the list, and the comparison's ticks. */
  withFacets?: boolean;
}

/**
 * A category, words and an order to find tools by, kept in the URL (issues 12, 13 and 58), and the
 * matches a page at a time: the home page's list and the tools page's.
 */
export function ToolsCatalogue({ renderedWith, unknownCategory, withFacets = false }: ToolsCatalogueProps) {
  const { filters: asked, ready, change, hrefFor } = useToolFilters(renderedWith);
  const tree = useQuery(categoriesQueryOptions);
  const searchBox = useRef<ToolSearchBoxHandle>(null);
  const category = findCategory(tree.data ?? [], asked.category);
  // Until the tree has come, a slug cannot be told from a misspelt one: the list waits for it.
  const treeKnown = tree.data !== undefined || tree.isError;
  const unknown = asked.category !== null && treeKnown && !category;
  const filters: ToolFilters = unknown ? { ...asked, category: null } : asked;
  const listReady = ready && (filters.category === null || treeKnown);
  // A tab or sort chosen while the typing pauses applies to the words the box shows: they are sent
  // first, as their own history entry, so that Back undoes the tab or sort and leaves the words.
  const chooseCategory = (slug: string | null) => {
    if (!searchBox.current?.sendTyped()) return false;
    change({ category: slug });
    return true;
  };

  return (
    <>
      <div className="mt-8 flex flex-col gap-4">
        <CategoryTabs
          selected={filters.category}
          categories={tree.data}
          hrefFor={hrefFor}
          onChooseWhileTyping={chooseCategory}
        />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <ToolSearchBox ref={searchBox} q={filters.q} onSearch={(q, how) => change({ q }, how)} />
          <SortSelect
            value={filters.sort}
            onChange={(sort) => {
              searchBox.current?.sendTyped();
              change({ sort });
            }}
          />
        </div>
      </div>
      {unknown && unknownCategory && asked.category ? (
        unknownCategory(asked.category)
      ) : (
        <div
          className={withFacets ? "lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-8" : ""}
        >
          {withFacets ? (
            <FacetsOf
              filters={filters}
              ready={listReady}
              onChange={(facets) => {
                searchBox.current?.sendTyped();
                change({ facets });
              }}
              hrefFor={hrefFor}
            />
          ) : null}
          <ToolResults
            filters={filters}
            categoryName={category?.name}
            ready={listReady}
            withCompare={withFacets}
            onClearFilters={() => {
              // Words typed while the pause runs are cleared too, even when the URL holds none.
              searchBox.current?.clear();
              change({ q: "", category: null, facets: NO_FACET_FILTERS });
            }}
          />
        </div>
      )}
    </>
  );
}

/** The filter panel over the first page's facets: the list's own query, shared through the cache. */
function FacetsOf({
  filters,
  ready,
  ...panel
}: Omit<Parameters<typeof FacetPanel>[0], "facets"> & { ready: boolean }) {
  const query = useInfiniteQuery({
    ...toolSearchInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
    enabled: ready,
  });
  return <FacetPanel filters={filters} facets={query.data?.pages[0]?.facets} {...panel} />;
}

/** The home page's tools list (anchor #tools, the target of Get Started). */
export function ToolsSection() {
  return (
    <section id="tools" aria-labelledby="tools-heading" className="bg-base-200 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <p className="font-semibold tracking-wider text-primary uppercase">Our catalogue</p>
        <h2 id="tools-heading" className="mt-1 text-3xl font-bold sm:text-4xl">
          Tools
        </h2>
        <p className="mt-2 max-w-2xl text-base-content/80">
          Every tool ships from our own workshop. Order at least the minimum quantity; we show what is in
          stock.
        </p>
        <ToolsCatalogue />
      </div>
    </section>
  );
}
