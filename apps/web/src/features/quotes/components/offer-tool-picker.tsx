import type { Tool } from "@toolshop/shared/tools";
import { useState } from "react";
import { Money } from "../../../components/money";
import { TOOL_SUGGESTION_MIN_LENGTH, useToolSuggestions } from "../use-tool-suggestions";

export const OFFER_TOOL_SEARCH_ID = "offer-tool-search";

interface OfferToolPickerProps {
  /** What the search box starts with: the tool a visitor named in words, if any. */
  initialText: string;
  /** Tools already in the offer: not offered again. */
  chosen: ReadonlySet<string>;
  /** False once the offer holds as many lines as a quote may. */
  canAdd: boolean;
  onPick: (tool: Tool) => void;
}

/**
 * "Add a tool": the catalogue searched as the owner types, each match a button that adds it as a line.
 * Buttons rather than a datalist: a phone's keyboard and a screen reader reach each one, and the pick
 * carries the tool's id, not only a name.
 */
export function OfferToolPicker({ initialText, chosen, canAdd, onPick }: OfferToolPickerProps) {
  const [typed, setTyped] = useState(initialText);
  const { tools, searching } = useToolSuggestions(typed);
  const matches = tools.filter((tool) => !chosen.has(tool._id));
  const hint = !canAdd
    ? "The offer holds as many lines as a quote may."
    : typed.trim().length < TOOL_SUGGESTION_MIN_LENGTH
      ? `Type at least ${TOOL_SUGGESTION_MIN_LENGTH} letters of a tool's name.`
      : matches.length > 0
        ? `${matches.length} matching ${matches.length === 1 ? "tool" : "tools"}.`
        : searching
          ? "Searching…"
          : "No other tool matches.";

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={OFFER_TOOL_SEARCH_ID} className="text-sm font-medium">
        Add a tool
      </label>
      <input
        id={OFFER_TOOL_SEARCH_ID}
        type="search"
        className="input w-full"
        value={typed}
        placeholder="Type a tool's name"
        autoComplete="off"
        aria-describedby={`${OFFER_TOOL_SEARCH_ID}-hint`}
        disabled={!canAdd}
        onChange={(event) => setTyped(event.target.value)}
        // Enter here searches, it does not send the offer around it.
        onKeyDown={(event) => {
          if (event.key === "Enter") event.preventDefault();
        }}
      />
      <p id={`${OFFER_TOOL_SEARCH_ID}-hint`} aria-live="polite" className="text-sm text-base-content/70">
        {hint}
      </p>
      {canAdd && matches.length > 0 ? (
        <ul aria-label="Matching tools" className="flex flex-col gap-1">
          {matches.map((tool) => (
            <li key={tool._id}>
              <button
                type="button"
                className="btn btn-ghost btn-sm h-auto min-h-8 w-full justify-between py-1 text-left font-normal"
                onClick={() => {
                  onPick(tool);
                  setTyped("");
                }}
              >
                <span className="min-w-0 break-words">
                  <span className="sr-only">Add </span>
                  {tool.name}
                </span>
                <Money amount={tool.price} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
