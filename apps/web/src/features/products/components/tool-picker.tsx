import { useQuery } from "@tanstack/react-query";
import type { RelatedTool } from "@toolshop/shared/tool-relations";
import { useId, useState } from "react";
import { findToolsToRelate } from "../api/relations-api";

interface ToolPickerProps {
  /** The field's label, e.g. "Add a spare part (SKU or name)". */
  label: string;
  /** Tools not to offer: the tool itself and those already chosen. */
  exclude: ReadonlySet<string>;
  onPick: (tool: RelatedTool) => void;
}

/**
 * A tool chosen by its SKU or name: type, then pick one of the buttons below (Tab reaches them, Enter
 * or Space picks); the field empties for the next.
 */
export function ToolPicker({ label, exclude, onPick }: ToolPickerProps) {
  const id = useId();
  const [text, setText] = useState("");
  const q = text.trim();
  const found = useQuery({
    queryKey: ["tools", "relate", q.toLowerCase()],
    queryFn: ({ signal }) => findToolsToRelate(q, signal),
    enabled: q.length >= 2,
  });
  const offered = (found.data ?? []).filter((tool) => !exclude.has(tool._id));
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input input-sm w-full"
        value={text}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        // Enter in this field would submit the dialog's form: it picks the first match instead.
        onKeyDown={(event) => {
          const [first] = offered;
          if (event.key === "Enter") {
            event.preventDefault();
            if (first) {
              onPick(first);
              setText("");
            }
          }
        }}
      />
      {q.length >= 2 ? (
        <ul aria-label={`Matches for ${label}`} className="flex flex-col gap-1" aria-live="polite">
          {found.isPending ? <li className="text-sm">Searching…</li> : null}
          {found.isSuccess && offered.length === 0 ? (
            <li className="text-sm">No other tool matches.</li>
          ) : null}
          {offered.map((tool) => (
            <li key={tool._id}>
              <button
                type="button"
                className="btn btn-ghost btn-xs h-auto justify-start text-left"
                onClick={() => {
                  onPick(tool);
                  setText("");
                }}
              >
                Add {tool.name} <span className="font-mono">{tool.sku}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
