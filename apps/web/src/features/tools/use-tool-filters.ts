import { TOOL_SEARCH_MAX_LENGTH, type ToolSort, toolSorts } from "@toolshop/shared/catalogue";
import { useCallback, useLayoutEffect, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import {
  type FacetFilters,
  isFacetFieldName,
  NO_FACET_FILTERS,
  readFacetFilters,
  writeFacetFilters,
} from "./facet-filters";

/**
 * What a tools list shows, as the URL holds it: `/?category=electrical&q=strip&sort=price` on the home
 * page, `/tools?category=drills` on the tools page.
 */
export interface ToolFilters {
  q: string;
  /** A category's slug, as the URL has it; whether one has it is the tree's to say (tools-section.tsx). */
  category: string | null;
  sort: ToolSort;
  /** The attributes', price's and stock's filters (the tools page's filter panel). */
  facets: FacetFilters;
}

export const NO_TOOL_FILTERS: ToolFilters = {
  q: "",
  category: null,
  sort: "featured",
  facets: NO_FACET_FILTERS,
};

/** How a change enters the history: a new entry, or the current one rewritten (typing in the search box). */
export type FilterChange = "push" | "typing";

/** History state of an entry made by typing: more typing rewrites it instead of adding entries. */
interface TypedEntry {
  typedSearch: true;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  const lower = value?.trim().toLowerCase();
  return values.find((candidate) => candidate === lower) ?? null;
}

/** Longer than any slug: a value this long names no category either way. */
const CATEGORY_MAX_LENGTH = 100;

/** Unknown or misspelt values are read as their default, so that an edited URL still shows tools. */
export function readToolFilters(params: URLSearchParams): ToolFilters {
  return {
    q: (params.get("q") ?? "").trim().slice(0, TOOL_SEARCH_MAX_LENGTH),
    // Any value: whether a category has it is the tree's to say (an unknown one is no filter on the
    // home page, and a sentence on the tools page).
    category: params.get("category")?.trim().toLowerCase().slice(0, CATEGORY_MAX_LENGTH) || null,
    sort: oneOf(toolSorts, params.get("sort")) ?? "featured",
    facets: readFacetFilters(params),
  };
}

/** The URL's search with `filters` in it (defaults left out); other parameters are kept. */
export function writeToolFilters(params: URLSearchParams, filters: ToolFilters): URLSearchParams {
  const next = writeFacetFilters(params, filters.facets);
  const q = filters.q.trim();
  const values: [string, string | null][] = [
    ["category", filters.category],
    ["q", q || null],
    ["sort", filters.sort === "featured" ? null : filters.sort],
  ];
  for (const [name, value] of values) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** The URL's values of `filters` only. */
function only(params: URLSearchParams, filters: readonly (keyof ToolFilters)[]): URLSearchParams {
  return new URLSearchParams(
    [...params].filter(([name]) =>
      isFacetFieldName(name) ? filters.includes("facets") : filters.includes(name as keyof ToolFilters),
    ),
  );
}

/**
 * The list's filters from the URL, and how to change them (the back button undoes a change).
 * `renderedWith`: the parameters the server's page was rendered with (the tools page's category).
 */
export function useToolFilters(renderedWith: readonly (keyof ToolFilters)[] = []) {
  const [urlParams, setParams] = useSearchParams();
  const location = useLocation();
  // The pre-render shows the list with renderedWith's filters only, so hydration must too; `/?q=drill`
  // gets its own list right after.
  const hydrated = useHydrated();
  const params = hydrated ? urlParams : only(urlParams, renderedWith);
  const filters = readToolFilters(params);
  const onTypedEntry = (location.state as Partial<TypedEntry> | null)?.typedSearch === true;

  /** The link to the list with `update` applied, e.g. a category tab's. */
  const hrefFor = (update: Partial<ToolFilters>) => {
    const search = writeToolFilters(params, { ...filters, ...update }).toString();
    return search ? `?${search}` : location.pathname;
  };

  // This hook's last navigation until the render shows it: while the list suspends on its new data,
  // React keeps rendering the previous URL, and typing that goes on meanwhile must build on the URL it
  // has just made (else a pause mid-word adds a second history entry, or drops the category).
  const ahead = useRef<{ search: string; typed: boolean } | null>(null);
  // The URL last rendered. `change` reads it here, not from its closure: the search box calls the
  // `change` of the render its typing began in, after the pause, and it must build on the URL shown
  // then (Back pressed within the pause, say), not on the one it was made with.
  const rendered = useRef({ params: urlParams, typed: onTypedEntry, setParams });
  useLayoutEffect(() => {
    rendered.current = { params: urlParams, typed: onTypedEntry, setParams };
    // Any URL rendered since (this one, an older one arriving late, Back, a tab's link) is current again.
    ahead.current = null;
  }, [urlParams, onTypedEntry, setParams]);

  const change = useCallback((update: Partial<ToolFilters>, how: FilterChange = "push") => {
    const current = ahead.current ? new URLSearchParams(ahead.current.search) : rendered.current.params;
    const onTyped = ahead.current ? ahead.current.typed : rendered.current.typed;
    const next = writeToolFilters(current, { ...readToolFilters(current), ...update });
    const same = next.toString() === current.toString();
    // Typing adds one history entry, and the words typed after it rewrite that entry: Back leaves
    // the search as a whole. A tab, a sort or Enter adds an entry; Enter on what was typed ends the
    // typing, so the next words make an entry of their own. The page stays where it is.
    if (same && (how === "typing" || !onTyped)) return;
    ahead.current = { search: next.toString(), typed: how === "typing" };
    rendered.current.setParams(next, {
      replace: same || (how === "typing" && onTyped),
      state: how === "typing" ? ({ typedSearch: true } satisfies TypedEntry) : null,
      preventScrollReset: true,
    });
  }, []);

  // `ready`: the filters are the URL's; until then the list need not fetch what it will not show.
  return { filters, ready: hydrated, change, hrefFor };
}
