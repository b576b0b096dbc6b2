import type { ReactNode } from "react";
import { LoadError } from "./load-error";
import { Spinner } from "./spinner";

/**
 * The fields of a TanStack query result that QueryView reads: a `useQuery` or `useInfiniteQuery`
 * result fits as it is, and a screen that waits for two queries can pass them combined.
 */
export interface QueryState<TData> {
  data: TData | undefined;
  error: Error | null;
  isPending: boolean;
  isRefetching: boolean;
  refetch: () => unknown;
  /** Only "Load more" failed: the pages already shown stay, and the list says what failed. */
  isFetchNextPageError?: boolean;
}

interface QueryViewProps<TData> {
  query: QueryState<TData>;
  /** What is loading, for screen readers ("Loading the order"). */
  pendingLabel: string;
  /** The box the spinner is centred in. */
  pendingClassName?: string;
  /** Shown instead of the spinner while pending (a skeleton of what is coming); it carries the label. */
  pending?: ReactNode;
  /** What could not be loaded, as a sentence ("The order could not be loaded."). */
  errorTitle: string;
  /** The error as the reader should see it, e.g. a 403 in the spec's own words. */
  mapError?: (error: Error) => Error;
  isEmpty?: (data: TData) => boolean;
  /** Shown instead of the data when `isEmpty` says there is none. */
  empty?: ReactNode;
  children: (data: TData) => ReactNode;
}

/** The pending, failed, empty and loaded states of a query's part of a screen. */
export function QueryView<TData>({
  query,
  pendingLabel,
  pendingClassName = "grid place-items-center py-16",
  pending,
  errorTitle,
  mapError = (error) => error,
  isEmpty,
  empty = null,
  children,
}: QueryViewProps<TData>) {
  if (query.isPending) {
    if (pending) return <>{pending}</>;
    return (
      <div className={pendingClassName}>
        <Spinner label={pendingLabel} />
      </div>
    );
  }
  const failure = query.isFetchNextPageError ? null : query.error;
  if (failure || query.data === undefined) {
    return (
      <LoadError
        title={errorTitle}
        error={mapError(failure ?? new Error("Please try again."))}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
