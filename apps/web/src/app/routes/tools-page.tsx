import { useQuery } from "@tanstack/react-query";
import { toolsPagePath } from "@toolshop/shared/page-paths";
import { Link } from "react-router";
import { Breadcrumbs, type Crumb } from "../../components/breadcrumbs";
import { categoriesQueryOptions } from "../../features/categories/api/get-categories";
import { childrenOf, findCategory, pathOf } from "../../features/categories/category-tree";
import { ToolsCatalogue } from "../../features/tools/components/tools-section";
import { useToolFilters } from "../../features/tools/use-tool-filters";
import { useDocumentTitle } from "../../lib/use-document-title";

/** The filters the server renders this page with (storefront routes.ts): all of them. */
const RENDERED_WITH = ["category", "q", "sort", "facets"] as const;

/**
 * /tools?category=<slug>: a category's tools with its sub-categories' (issue 58), or the whole
 * catalogue, with the filter panel and the comparison's ticks; the server renders it with every
 * filter of its URL (decisions 0055, 0061).
 */
export default function ToolsPage() {
  const { filters } = useToolFilters(RENDERED_WITH);
  const tree = useQuery(categoriesQueryOptions);
  const categories = tree.data ?? [];
  const category = findCategory(categories, filters.category);
  const path = category ? pathOf(categories, category) : [];
  const title = category ? category.name : "Tools";
  useDocumentTitle(category ? `${category.name} tools` : "Tools");

  const crumbs: Crumb[] = [
    { label: "Home", to: "/" },
    { label: "Tools", ...(category ? { to: toolsPagePath(null) } : {}) },
    ...path.map((step, index) => ({
      label: step.name,
      ...(index < path.length - 1 ? { to: toolsPagePath(step.slug) } : {}),
    })),
  ];

  return (
    <section aria-labelledby="tools-page-heading" className="bg-base-200 py-10 sm:py-14">
      <div className="mx-auto max-w-6xl px-4">
        <Breadcrumbs crumbs={crumbs} />
        <h1 id="tools-page-heading" className="mt-4 text-3xl font-bold sm:text-4xl">
          {title}
        </h1>
        <p className="mt-2 max-w-2xl text-base-content/80">
          {category
            ? `Every tool in ${category.name}${childrenOf(categories, category._id).length > 0 ? " and its sub-categories" : ""}. `
            : "Every tool ships from our own workshop. "}
          Order at least the minimum quantity; we show what is in stock.
        </p>
        <ToolsCatalogue
          renderedWith={RENDERED_WITH}
          withFacets
          unknownCategory={(slug) => (
            <div className="mt-6 flex flex-col items-start gap-3 py-8">
              <p>There is no category “{slug}”. It may have been renamed or removed.</p>
              <Link to={toolsPagePath(null)} className="btn btn-outline btn-sm">
                See all tools
              </Link>
            </div>
          )}
        />
      </div>
    </section>
  );
}
