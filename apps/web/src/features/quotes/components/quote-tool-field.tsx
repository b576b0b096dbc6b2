import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "../../../components/form-fields";
import { QUOTE_MAX_LENGTHS } from "../quote-fields";
import { useToolSuggestions } from "../use-tool-suggestions";

interface QuoteToolFieldProps {
  error?: string | undefined;
  registration: UseFormRegisterReturn<"tool">;
}

/**
 * "Which tool?": free text (the stored field is the tool's name, or anything the visitor calls it),
 * with the catalogue's matching names suggested as they type.
 */
export function QuoteToolField({ error, registration }: QuoteToolFieldProps) {
  const [typed, setTyped] = useState("");
  // A failed look-up leaves the field as it is: suggestions are a help, the text is what is sent.
  const { tools } = useToolSuggestions(typed);
  const names = [...new Set(tools.map((tool) => tool.name))];

  return (
    <TextField
      id="quote-tool"
      label="Tool"
      labelNote="(optional)"
      error={error}
      registration={registration}
      suggestions={names}
      maxLength={QUOTE_MAX_LENGTHS.tool}
      autoComplete="off"
      placeholder="Type to see matching tools"
      onChange={(event) => setTyped(event.target.value)}
    />
  );
}
