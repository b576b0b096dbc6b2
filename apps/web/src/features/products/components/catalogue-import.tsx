import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  PRICE_BREAKS_CELL_FORMAT,
  TOOL_IMPORT_MAX_BYTES,
  TOOL_IMPORT_MAX_ROWS,
  type ToolImportResult,
} from "@toolshop/shared/spreadsheets";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { formatCount } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { downloadCatalogue, importCatalogue } from "../api/catalogue-csv-api";
import { TOOLS_QUERY_KEY } from "../api/products-api";
import { ImportPreview } from "./import-preview";

const MAX_MEGABYTES = TOOL_IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * The catalogue as a spreadsheet (Manage Products): Export CSV, and Import CSV, which previews what
 * each row would change and imports only on "Confirm import", all rows or none.
 */
export function CatalogueSpreadsheet() {
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const exporting = useMutation({ mutationFn: downloadCatalogue });
  const preview = useMutation({ mutationFn: (chosen: File) => importCatalogue(chosen) });
  const applying = useMutation({
    mutationFn: ({ chosen, expect }: { chosen: File; expect: string }) => importCatalogue(chosen, { expect }),
    onSuccess: (result) => {
      notify.success(importedMessage(result));
      close();
    },
    // Saved or refused, what the lists show may be out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOOLS_QUERY_KEY }),
  });

  function close() {
    setFile(null);
    preview.reset();
    if (input.current) input.current.value = "";
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null;
    applying.reset();
    setFile(chosen);
    if (chosen) preview.mutate(chosen);
    else preview.reset();
  }

  const result = preview.data;
  return (
    <section
      aria-labelledby="catalogue-spreadsheet"
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <h2 id="catalogue-spreadsheet" className="font-semibold">
        Spreadsheet
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <button
          type="button"
          className="btn"
          disabled={exporting.isPending}
          onClick={() => exporting.mutate()}
        >
          {exporting.isPending ? "Exporting…" : "Export CSV"}
        </button>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            Import CSV
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="file-input w-full"
            aria-describedby={`${inputId}-help`}
            onChange={choose}
          />
          <p id={`${inputId}-help`} className="text-xs text-base-content/70">
            Columns as in the export; rows with an id change that tool, rows without one change the tool of
            that name or add it. Price breaks are {PRICE_BREAKS_CELL_FORMAT}. Specifications have a column
            each, attr: and the attribute's key (empty: none). Up to {formatCount(TOOL_IMPORT_MAX_ROWS)} rows,{" "}
            {MAX_MEGABYTES} MB, UTF-8. Nothing changes before you confirm.
          </p>
        </div>
      </div>
      {exporting.isError ? (
        <p role="alert" className="text-sm text-error">
          The export failed: {exporting.error.message}
        </p>
      ) : null}
      <div aria-live="polite">
        {preview.isPending ? <p>Reading {file?.name}…</p> : null}
        {preview.isError ? (
          <p role="alert" className="text-error">
            {file?.name} cannot be imported: {preview.error.message}
          </p>
        ) : null}
      </div>
      {result && file ? (
        <ImportPreview
          fileName={file.name}
          result={result}
          busy={applying.isPending}
          error={applying.error ? confirmError(applying.error) : null}
          onConfirm={() => applying.mutate({ chosen: file, expect: result.fingerprint })}
          onCancel={close}
        />
      ) : null}
    </section>
  );
}

function importedMessage({ counts }: ToolImportResult): string {
  return `Imported: ${formatCount(counts.create)} added, ${formatCount(counts.update)} changed.`;
}

function confirmError(error: Error & { status?: number }): string {
  if (error.status === 422) {
    return "Some rows have errors now, so nothing was imported. Choose the file again to see them.";
  }
  return `Nothing was imported: ${error.message}`;
}
