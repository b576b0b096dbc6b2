// The pieces every admin list that grows shares (All users, quote requests, review moderation): its
// state in the URL, a search box, a live count and "Load more".
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";

/** How long typing pauses before the search runs: one request per word, not per keystroke. */
const SEARCH_DELAY_MS = 300;

/**
 * The list's filters as URL parameters, so that a filtered list can be shared, reloaded and gone
 * back to. A change replaces the history entry: typing a search does not fill the back button.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return [params, update] as const;
}

interface SearchFieldProps {
  label: string;
  /** The search in the URL. */
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
}

/** A labelled search box that searches when typing pauses, or at once on Enter. */
export function SearchField({ label, value, onSearch, placeholder }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const search = useRef(onSearch);
  search.current = onSearch;
  // The URL changed without typing (back button, a link): show its search. A space being typed stays.
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search.current(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input w-full"
        value={text}
        placeholder={placeholder}
        maxLength={254}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

interface FilterSelectProps<T extends string> {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}

/** A labelled select of a list's filter. */
export function FilterSelect<T extends string>({ label, value, options, onChange }: FilterSelectProps<T>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:w-48">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="select w-full"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The list's state in words ("12 users shown", "No users match this search."): one live region
 * that stays mounted in every state of the list, so that each change is read out.
 */
export function ListStatus({ text }: { text: string }) {
  return (
    <p aria-live="polite" className="text-sm text-base-content/80 empty:hidden">
      {text}
    </p>
  );
}

/** "1 user shown." / "40 users shown, more to load." */
export function countText(shown: number, more: boolean, [one, many]: [string, string]): string {
  return `${shown} ${shown === 1 ? one : many} shown${more ? ", more to load" : ""}.`;
}

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last "Load more" failed: the button stays, to try again. */
  error: Error | null;
  fetchNextPage: () => unknown;
}

/**
 * The button that appends the next page, while there is one. While a page loads it is aria-disabled,
 * not disabled: a disabled button drops the keyboard focus, which would leave someone who pressed it
 * at the top of the page.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, error, fetchNextPage }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-2">
      {error ? (
        <p role="alert" className="text-error">
          The next page could not be loaded. {error.message}
        </p>
      ) : null}
      <button
        type="button"
        className={`btn btn-outline w-full sm:w-auto${isFetchingNextPage ? " btn-disabled" : ""}`}
        aria-disabled={isFetchingNextPage}
        onClick={() => {
          if (!isFetchingNextPage) void fetchNextPage();
        }}
      >
        {isFetchingNextPage ? "Loading…" : "Load more"}
      </button>
    </div>
  );
}
