import { type ReactNode, useEffect, useRef } from "react";
import { countText, ListStatus, LoadMore } from "./list-controls";
import { type QueryState, QueryView } from "./query-view";

/** The fields of a `useInfiniteQuery` result that PagedList reads. */
export interface PagedQuery<TPage> extends QueryState<{ pages: readonly TPage[] }> {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Spread on each item's element (both, when the list has two layouts): "Load more" focuses it. */
export interface PagedItemProps {
  "data-paged-item": number;
}

interface PagedListProps<TPage, TItem> {
  query: PagedQuery<TPage>;
  pageItems: (page: TPage) => readonly TItem[];
  /** What is loading, for screen readers ("Loading users"). */
  pendingLabel: string;
  /** What could not be loaded, as a sentence ("The users could not be loaded."). */
  errorTitle: string;
  /** The error as the reader should see it, e.g. a 403 in the spec's own words. */
  mapError?: (error: Error) => Error;
  /** "No users yet.", or "No users match this search." */
  emptyText: string;
  /** The count's noun, one and many: ["user", "users"]. */
  noun: [string, string];
  children: (items: TItem[], itemProps: (index: number) => PagedItemProps) => ReactNode;
}

const itemProps = (index: number): PagedItemProps => ({ "data-paged-item": index });

/** Hidden by CSS (the other layout of a list that has two)? Where the browser cannot tell, it is shown. */
const isShown = (element: HTMLElement) => element.checkVisibility?.() ?? true;

/**
 * An admin list that grows a page at a time: its live count (mounted in every state, so each change
 * is read out), the spinner, the load error with its retry, the empty sentence, the items, and
 * "Load more", after which the keyboard goes on from the first new item, not from the top of the page.
 */
export function PagedList<TPage, TItem>({
  query,
  pageItems,
  pendingLabel,
  errorTitle,
  mapError = (error) => error,
  emptyText,
  noun,
  children,
}: PagedListProps<TPage, TItem>) {
  const items = query.data?.pages.flatMap(pageItems) ?? [];
  const failed = query.error !== null && !query.isFetchNextPageError;
  const listed = !query.isPending && query.data !== undefined && !failed;
  const status = !listed
    ? ""
    : items.length === 0
      ? emptyText
      : countText(items.length, query.hasNextPage, noun);

  const container = useRef<HTMLDivElement>(null);
  // The index of the first item of the page being fetched; null when no "Load more" is under way.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || (items.length <= index && query.isFetchingNextPage)) return;
    focusFrom.current = null;
    const candidates = [
      ...(container.current?.querySelectorAll<HTMLElement>(`[data-paged-item="${index}"]`) ?? []),
    ];
    const target = candidates.find(isShown) ?? candidates[0];
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus();
  }, [items.length, query.isFetchingNextPage]);

  const loadMore = () => {
    focusFrom.current = items.length;
    return query.fetchNextPage();
  };

  return (
    <>
      <ListStatus text={status} />
      <QueryView
        query={query}
        pendingLabel={pendingLabel}
        pendingClassName="grid place-items-center py-12"
        errorTitle={errorTitle}
        mapError={mapError}
        isEmpty={() => items.length === 0}
      >
        {() => (
          <>
            {/* `contents`: the items stay children of the screen's column, as if this box were not there. */}
            <div ref={container} className="contents">
              {children(items, itemProps)}
            </div>
            <LoadMore
              hasNextPage={query.hasNextPage}
              isFetchingNextPage={query.isFetchingNextPage}
              error={query.isFetchNextPageError && query.error ? mapError(query.error) : null}
              fetchNextPage={loadMore}
            />
          </>
        )}
      </QueryView>
    </>
  );
}
