import {
  ATTRIBUTE_COLUMN_PREFIX,
  type ToolImportResult,
  type ToolImportRow,
} from "@toolshop/shared/spreadsheets";
import { useId } from "react";
import { formatCount } from "../../../lib/format";

/** The rows listed at most: a 10,000-row file previews its errors and first changes, and counts the rest. */
const ROWS_SHOWN = 200;

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

interface ImportPreviewProps {
  fileName: string;
  result: ToolImportResult;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * What importing the file would do, row by row: errors first with their lines, then the tools added
 * and changed. The import is all or nothing, so Confirm stays disabled while any row has an error.
 */
export function ImportPreview({ fileName, result, busy, error, onConfirm, onCancel }: ImportPreviewProps) {
  const id = useId();
  const { counts } = result;
  const listed = [
    ...result.rows.filter((row) => row.action === "error"),
    ...result.rows.filter((row) => row.action === "create" || row.action === "update"),
  ];
  const shown = listed.slice(0, ROWS_SHOWN);
  const changes = counts.create + counts.update;
  const blocked = counts.error > 0 || changes === 0;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="font-semibold">
        Import preview: {fileName}
      </h3>
      <p role="status">
        {plural(counts.create, "tool", "tools")} to add, {plural(counts.update, "tool", "tools")} to change,{" "}
        {formatCount(counts.unchanged)} unchanged, {plural(counts.error, "row", "rows")} with errors.
      </p>
      <p
        id={`${id}-rule`}
        className={counts.error > 0 ? "alert alert-error" : "text-sm text-base-content/80"}
      >
        {counts.error > 0
          ? `Nothing is imported while any row has an error: fix ${counts.error === 1 ? "that row" : "those rows"} in your file, save it and choose it again.`
          : changes === 0
            ? "The file changes nothing in the catalogue."
            : "Confirm to save every row at once; if the catalogue changes before you do, nothing is saved and you are asked to preview again."}
      </p>
      {shown.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">Rows of {fileName} that change the catalogue or have errors</caption>
            <thead>
              <tr>
                <th scope="col" className="whitespace-nowrap">
                  Line
                </th>
                <th scope="col">Tool</th>
                <th scope="col">What happens</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.line} className={row.action === "error" ? "bg-error/10" : undefined}>
                  <td className="align-top tabular-nums">{row.line}</td>
                  <td className="align-top break-words">{row.name || <em>no name</em>}</td>
                  <td className="align-top">
                    <RowOutcome row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {listed.length > shown.length ? (
        <p className="text-sm text-base-content/70">
          The first {formatCount(shown.length)} of {formatCount(listed.length)} rows are listed.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={blocked || busy}
          aria-describedby={`${id}-rule`}
          onClick={onConfirm}
        >
          {busy ? "Importing…" : "Confirm import"}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </section>
  );
}

function RowOutcome({ row }: { row: ToolImportRow }) {
  if (row.action === "error") {
    return (
      <>
        <span className="font-semibold text-error">Error</span>
        <ul className="list-disc pl-4">
          {row.errors.map((message) => (
            <li key={message} className="break-words">
              {message}
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      <span className="font-semibold">{row.action === "create" ? "New tool" : "Changes"}</span>
      <ul className="pl-0">
        {row.changes.map((change) => (
          <li key={change.column} className="break-words">
            {columnLabel(change.column)}:{" "}
            {row.action === "update" ? (
              <>
                <span className="sr-only">from </span>
                <del>{shorten(change.from)}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> to </span>
              </>
            ) : null}
            {change.to === "" ? <em>none</em> : <ins className="no-underline">{shorten(change.to)}</ins>}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A specification's column (`attr:voltage`) reads as what it is. */
const columnLabel = (column: string) =>
  column.startsWith(ATTRIBUTE_COLUMN_PREFIX)
    ? `Specification ${column.slice(ATTRIBUTE_COLUMN_PREFIX.length)}`
    : column;

/** A long description is cut in the table; the file has all of it. */
const shorten = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);
