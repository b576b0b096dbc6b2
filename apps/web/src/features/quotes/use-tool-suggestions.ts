import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Tool } from "@toolshop/shared/tools";
import { useEffect, useState } from "react";
import { searchTools, toolKeys } from "../tools/api/search-tools";

/** Suggestions offered once this much is typed, after typing pauses this long. */
export const TOOL_SUGGESTION_MIN_LENGTH = 2;
export const TOOL_SUGGESTION_DEBOUNCE_MS = 250;
export const TOOL_SUGGESTION_LIMIT = 8;

/**
 * The catalogue's tools matching what is typed (GET /api/tools/search), asked once typing pauses,
 * instead of a select holding the whole catalogue (thousands of tools). The last tools stay while the
 * next ones load, rather than emptying under the cursor; a failed look-up suggests nothing.
 */
export function useToolSuggestions(typed: string): { tools: Tool[]; searching: boolean } {
  const [words, setWords] = useState(typed.trim());
  useEffect(() => {
    const timer = setTimeout(() => setWords(typed.trim()), TOOL_SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const wanted = words.length >= TOOL_SUGGESTION_MIN_LENGTH;
  const { data, isFetching } = useQuery({
    queryKey: [...toolKeys.all, "suggestions", words],
    queryFn: ({ signal }) => searchTools({ q: words, limit: TOOL_SUGGESTION_LIMIT }, null, signal),
    enabled: wanted,
    placeholderData: keepPreviousData,
  });
  return { tools: wanted ? (data?.tools ?? []) : [], searching: wanted && isFetching };
}
