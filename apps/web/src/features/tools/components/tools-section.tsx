import type { ToolCategory } from "@toolshop/shared/catalogue";
import { useRef } from "react";
import { useToolFilters } from "../use-tool-filters";
import { CategoryTabs, SortSelect } from "./tool-filters";
import { ToolResults } from "./tool-results";
import { ToolSearchBox, type ToolSearchBoxHandle } from "./tool-search-box";

/**
 * The home page's tools list (anchor #tools, the target of Get Started): a category, words and an
 * order to find tools by, kept in the URL (issues 12 and 13), and the matches a page at a time.
 */
export function ToolsSection() {
  const { filters, ready, change, hrefFor } = useToolFilters();
  const searchBox = useRef<ToolSearchBoxHandle>(null);
  // A tab or sort chosen while the typing pauses applies to the words the box shows: they are sent
  // first, as their own history entry, so that Back undoes the tab or sort and leaves the words.
  const chooseCategory = (category: ToolCategory | null) => {
    if (!searchBox.current?.sendTyped()) return false;
    change({ category });
    return true;
  };

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
        <div className="mt-8 flex flex-col gap-4">
          <CategoryTabs selected={filters.category} hrefFor={hrefFor} onChooseWhileTyping={chooseCategory} />
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
        <ToolResults
          filters={filters}
          ready={ready}
          onClearFilters={() => {
            // Words typed while the pause runs are cleared too, even when the URL holds none.
            searchBox.current?.clear();
            change({ q: "", category: null });
          }}
        />
      </div>
    </section>
  );
}
