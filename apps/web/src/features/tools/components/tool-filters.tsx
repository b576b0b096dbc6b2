import { TOOL_SORT_LABELS, type ToolSort, toolSorts } from "@toolshop/shared/catalogue";
import type { Category } from "@toolshop/shared/categories";
import { type MouseEvent, useRef } from "react";
import { Link } from "react-router";
import { useTypedBeforeHydration } from "../../../lib/use-typed-before-hydration";
import { childrenOf, findCategory, pathOf } from "../../categories/category-tree";
import type { ToolFilters } from "../use-tool-filters";

interface CategoryTabsProps {
  selected: string | null;
  /** The tree (GET /api/categories); none yet: only All shows. */
  categories: readonly Category[] | undefined;
  hrefFor: (update: Partial<ToolFilters>) => string;
  /**
   * A plain click, before the link is followed: true when it chose the category itself, because the
   * link's address, made from the URL, lacks the words still being typed.
   */
  onChooseWhileTyping: (category: string | null) => boolean;
}

/** A click that follows the link in this page (not a new tab or window). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

interface Tab {
  slug: string | null;
  label: string;
}

/**
 * The category tree as rows of links (each view has its own URL, shared or opened in a new tab): All
 * and the root categories, then the sub-categories of each category chosen on the way down to the
 * selected one (decision 0055). The selected one is the current page for screen readers; the
 * categories above it stay marked.
 */
export function CategoryTabs({ selected, categories = [], hrefFor, onChooseWhileTyping }: CategoryTabsProps) {
  const chosen = findCategory(categories, selected);
  const path = chosen ? pathOf(categories, chosen) : [];
  const onPath = new Set(path.map((step) => step.slug));
  const rows: { label: string; tabs: Tab[] }[] = [
    {
      label: "Categories",
      tabs: [
        { slug: null, label: "All" },
        ...childrenOf(categories, null).map((root) => ({ slug: root.slug, label: root.name })),
      ],
    },
    ...path
      .map((step) => ({
        label: `Sub-categories of ${step.name}`,
        tabs: childrenOf(categories, step._id).map((child) => ({ slug: child.slug, label: child.name })),
      }))
      .filter((row) => row.tabs.length > 0),
  ];
  const current = chosen?.slug ?? null;

  return (
    <nav aria-label="Tool categories" className="flex flex-col gap-2">
      {rows.map((row) => (
        <ul
          key={row.label}
          aria-label={row.label}
          className="inline-flex max-w-full gap-1 self-start overflow-x-auto rounded-box border border-base-300 bg-base-100 p-1"
        >
          {row.tabs.map(({ slug, label }) => {
            const isCurrent = slug === current;
            const above = !isCurrent && slug !== null && onPath.has(slug);
            return (
              <li key={slug ?? "all"}>
                <Link
                  to={hrefFor({ category: slug })}
                  preventScrollReset
                  onClick={(event) => {
                    if (isPlainClick(event) && onChooseWhileTyping(slug)) event.preventDefault();
                  }}
                  aria-current={isCurrent ? "page" : undefined}
                  className={`block rounded-field px-4 py-2 font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
                    isCurrent
                      ? "bg-primary text-primary-content"
                      : above
                        ? "bg-primary/10 text-base-content ring-1 ring-primary/40"
                        : "hover:bg-base-200"
                  }`}
                >
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      ))}
    </nav>
  );
}

interface SortSelectProps {
  value: ToolSort;
  onChange: (sort: ToolSort) => void;
}

export function SortSelect({ value, onChange }: SortSelectProps) {
  const select = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(select, value, (chosen) => {
    const sort = toolSorts.find((candidate) => candidate === chosen);
    if (sort) onChange(sort);
  });
  return (
    <div className="flex flex-col gap-1 sm:w-56">
      <label htmlFor="tool-sort" className="text-sm font-medium">
        Sort by
      </label>
      <select
        id="tool-sort"
        ref={select}
        value={value}
        onChange={(event) => onChange(event.target.value as ToolSort)}
        className="select w-full"
      >
        {toolSorts.map((sort) => (
          <option key={sort} value={sort}>
            {TOOL_SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
