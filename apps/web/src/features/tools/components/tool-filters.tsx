import {
  TOOL_CATEGORY_LABELS,
  TOOL_SORT_LABELS,
  type ToolCategory,
  type ToolSort,
  toolCategories,
  toolSorts,
} from "@toolshop/shared/catalogue";
import { type MouseEvent, useRef } from "react";
import { Link } from "react-router";
import { useTypedBeforeHydration } from "../../../lib/use-typed-before-hydration";
import type { ToolFilters } from "../use-tool-filters";

const TABS: { category: ToolCategory | null; label: string }[] = [
  { category: null, label: "All" },
  ...toolCategories.map((category) => ({ category, label: TOOL_CATEGORY_LABELS[category] })),
];

interface CategoryTabsProps {
  selected: ToolCategory | null;
  hrefFor: (update: Partial<ToolFilters>) => string;
  /**
   * A plain click, before the link is followed: true when it chose the category itself, because the
   * link's address, made from the URL, lacks the words still being typed.
   */
  onChooseWhileTyping: (category: ToolCategory | null) => boolean;
}

/** A click that follows the link in this page (not a new tab or window). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * The categories as links (each view has its own URL, shared or opened in a new tab); the selected one
 * is the current page for screen readers.
 */
export function CategoryTabs({ selected, hrefFor, onChooseWhileTyping }: CategoryTabsProps) {
  return (
    <nav aria-label="Tool categories">
      <ul className="inline-flex max-w-full gap-1 overflow-x-auto rounded-box border border-base-300 bg-base-100 p-1">
        {TABS.map(({ category, label }) => (
          <li key={label}>
            <Link
              to={hrefFor({ category })}
              preventScrollReset
              onClick={(event) => {
                if (isPlainClick(event) && onChooseWhileTyping(category)) event.preventDefault();
              }}
              aria-current={category === selected ? "page" : undefined}
              className={`block rounded-field px-4 py-2 font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
                category === selected ? "bg-primary text-primary-content" : "hover:bg-base-200"
              }`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
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
