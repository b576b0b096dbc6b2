// The head of the tools page (/tools, /tools?category=<slug>, decision 0055) and the breadcrumbs' JSON-LD
// that it and the product pages carry. The page's body is the web app's React components (routes.ts).
import type { CategoryStep } from "@toolshop/shared/categories";
import { PAGE_PATHS, toolsPagePath } from "@toolshop/shared/page-paths";
import { jsonForScript } from "@toolshop/shared/script-json";
import { absoluteUrl, headTags, type Site } from "./page-head";

export const TOOLS_PAGE_PATH = PAGE_PATHS.tools;
/** The address of a category's page: `/tools?category=<slug>`, or the whole catalogue's. */
export const categoryPath = toolsPagePath;

/** One crumb: what it says and where it leads. */
export interface Crumb {
  name: string;
  path: string;
}

/** Home, Tools, then each category of `path` from its root down, as the pages show them. */
export function categoryCrumbs(path: readonly CategoryStep[]): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: "Tools", path: TOOLS_PAGE_PATH },
    ...path.map((step) => ({ name: step.name, path: categoryPath(step.slug) })),
  ];
}

/** schema.org BreadcrumbList (https://schema.org/BreadcrumbList) of the crumbs, in order. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], site: Site) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(site, crumb.path),
    })),
  };
}

/** A data block, not a script: the CSP's script-src does not apply to it. */
export function jsonLdTag(data: unknown): string {
  return `<script type="application/ld+json">${jsonForScript(data)}</script>`;
}

const CATALOGUE_IMAGE = {
  image: "/images/hero.svg",
  imageAlt:
    "A workbench with an open toolbox, an electric drill, pliers, a tape measure and a voltage tester",
};

/** The head of the tools page of `category` (with its path from the root), or of the whole catalogue. */
export function toolsPageHead(
  category: { slug: string; path: CategoryStep[] } | undefined,
  site: Site,
): string {
  const name = category?.path.at(-1)?.name;
  const head = headTags(
    {
      path: categoryPath(category?.slug ?? null),
      title: name ? `${name} tools` : "Tools",
      description: name
        ? `${category?.path.map((step) => step.name).join(" › ")}: hand tools made by Toolshop, with their prices and stock.`
        : "Every electrical and mechanical hand tool Toolshop makes, with their prices and stock.",
      ...CATALOGUE_IMAGE,
      type: "website",
    },
    site,
  );
  return category
    ? [head, jsonLdTag(breadcrumbJsonLd(categoryCrumbs(category.path), site))].join("\n    ")
    : head;
}
