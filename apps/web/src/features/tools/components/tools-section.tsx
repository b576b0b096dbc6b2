import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useRef } from "react";
import { categoriesQueryOptions } from "../../categories/api/get-categories";
import { findCategory } from "../../categories/category-tree";
import { type ToolFilters, useToolFilters } from "../use-tool-filters";
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
}

/**
 * A category, words and an order to find tools by, kept in the URL (issues 12, 13 and 58), and the
 * matches a page at a time: the home page's list and the tools page's.
 */
export function ToolsCatalogue({ renderedWith, unknownCategory }: ToolsCatalogueProps) {
  const { filters: asked, ready, change, hrefFor } = useToolFilters(renderedWith);
  const tree = useQuery(categoriesQueryOptions);
  const searchBox = useRef<ToolSearchBoxHandle>(null);
  const category = findCategory(tree.data ?? [], asked.category);
  // Until the tree has come, a slug cannot be told from a misspelt one: the list waits for it.
  const treeKnown = tree.data !== undefined || tree.isError;
  const unknown = asked.category !== null && treeKnown && !category;
  const filters: ToolFilters = unknown ? { ...asked, category: null } : asked;
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
        <ToolResults
          filters={filters}
          categoryName={category?.name}
          ready={ready && (filters.category === null || treeKnown)}
          onClearFilters={() => {
            // Words typed while the pause runs are cleared too, even when the URL holds none.
            searchBox.current?.clear();
            change({ q: "", category: null });
          }}
        />
      )}
    </>
  );
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
