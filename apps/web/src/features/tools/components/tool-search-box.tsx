import { TOOL_SEARCH_MAX_LENGTH } from "@toolshop/shared/catalogue";
import { type FormEvent, type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTypedBeforeHydration } from "../../../lib/use-typed-before-hydration";
import type { FilterChange } from "../use-tool-filters";

/** How long typing pauses before the list follows it. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What the section asks of the box: a tab or sort chosen while the typing pauses starts from its words. */
export interface ToolSearchBoxHandle {
  /** Sends the words typed since the last search at once; false when there were none. */
  sendTyped: () => boolean;
  /** Empties the box, and forgets the words waiting for the pause (Clear filters). */
  clear: () => void;
}

interface ToolSearchBoxProps {
  /** The search in the URL. */
  q: string;
  onSearch: (q: string, how: FilterChange) => void;
  ref?: Ref<ToolSearchBoxHandle>;
}

/** The words to find: the list follows the typing once it pauses, or at once on Enter. */
export function ToolSearchBox({ q, onSearch, ref }: ToolSearchBoxProps) {
  const [text, setText] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The words waiting for the pause, sent when it ends; null when nothing waits.
  const typed = useRef<string | null>(null);
  // The searches this box sent whose URL has not come back yet, oldest first: when the URL comes back
  // with one of them (late, while the list loaded), the box already shows it, with whatever was typed
  // since; any other change of the URL (Back, Clear filters) replaces the text.
  const pending = useRef<string[]>([]);

  /** Shows `value` in the box, with nothing waiting to be sent or coming back. */
  const replaceText = useRef((value: string) => {
    pending.current = [];
    clearTimeout(timer.current);
    typed.current = null;
    setText(value);
  }).current;

  // The URL's search the box last followed: the box starts from it, so the first run has nothing to do
  // (and must not forget words typed before the page was taken over: useTypedBeforeHydration).
  const followedQ = useRef(q);
  useEffect(() => {
    if (q === followedQ.current) return;
    followedQ.current = q;
    const index = pending.current.indexOf(q);
    if (index >= 0) {
      pending.current = pending.current.slice(index + 1);
      return;
    }
    replaceText(q);
  }, [q, replaceText]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** What typing does: the box shows the words, and the list follows them once the typing pauses. */
  function followTyping(value: string) {
    setText(value);
    clearTimeout(timer.current);
    typed.current = value;
    timer.current = setTimeout(() => send(value, "typing"), SEARCH_DEBOUNCE_MS);
  }

  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, text, followTyping);

  function send(value: string, how: FilterChange) {
    clearTimeout(timer.current);
    typed.current = null;
    // The same search again changes no URL: nothing will come back for it.
    if (value.trim() !== q) pending.current.push(value.trim());
    onSearch(value, how);
  }

  useImperativeHandle(ref, () => ({
    sendTyped() {
      if (typed.current === null) return false;
      send(typed.current, "typing");
      return true;
    },
    clear: () => replaceText(""),
  }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send(text, "push");
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 (and to jsdom).
    <form role="search" onSubmit={onSubmit} className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor="tool-search" className="text-sm font-medium">
        Search tools
      </label>
      <div className="flex gap-2">
        <input
          id="tool-search"
          type="search"
          // The page is rendered on the server: a search sent before the code has hydrated it goes as
          // the form's own GET /?q=..., which the app then shows.
          name="q"
          value={text}
          maxLength={TOOL_SEARCH_MAX_LENGTH}
          ref={input}
          onChange={(event) => followTyping(event.target.value)}
          placeholder="Drill, pliers, tape…"
          className="input min-w-0 flex-1"
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </div>
    </form>
  );
}
