import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { TextField } from "../../../components/form-fields";
import { searchTools, toolKeys } from "../../tools/api/search-tools";
import { QUOTE_MAX_LENGTHS } from "../quote-fields";

/** Suggestions offered once this much is typed, after typing pauses this long. */
export const TOOL_SUGGESTION_MIN_LENGTH = 2;
export const TOOL_SUGGESTION_DEBOUNCE_MS = 250;
export const TOOL_SUGGESTION_LIMIT = 8;

/**
 * "Which tool?": free text (the stored field is the tool's name, or anything the visitor calls it),
 * with the catalogue's matching names suggested from GET /api/tools/search as they type, instead of a
 * select holding the whole catalogue (thousands of tools).
 */
export function QuoteToolField({ error }: { error?: string | undefined }) {
  const [typed, setTyped] = useState("");
  const [words, setWords] = useState("");

  useEffect(() => {
    const timer = setTimeout(() => setWords(typed.trim()), TOOL_SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const wanted = words.length >= TOOL_SUGGESTION_MIN_LENGTH;
  const { data } = useQuery({
    queryKey: [...toolKeys.all, "suggestions", words],
    queryFn: ({ signal }) => searchTools({ q: words, limit: TOOL_SUGGESTION_LIMIT }, null, signal),
    enabled: wanted,
    // The list keeps the last names while the next ones load, rather than emptying under the cursor.
    placeholderData: keepPreviousData,
  });
  // A failed look-up leaves the field as it is: suggestions are a help, the text is what is sent.
  const names = wanted ? [...new Set(data?.tools.map((tool) => tool.name))] : [];

  return (
    <TextField
      id="quote-tool"
      label="Tool"
      labelNote="(optional)"
      error={error}
      name="tool"
      suggestions={names}
      maxLength={QUOTE_MAX_LENGTHS.tool}
      autoComplete="off"
      placeholder="Type to see matching tools"
      onChange={(event) => setTyped(event.target.value)}
    />
  );
}
