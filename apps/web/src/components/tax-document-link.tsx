// "Invoice (PDF)" and the credit notes: the API wants the access token, which a plain link cannot send,
// so the button fetches the PDF and saves it under its number (the browser then opens or keeps it).
import { useState } from "react";
import { apiBlobRequest } from "../lib/api-client";
import { saveFile } from "../lib/save-file";

export function TaxDocumentLink({
  path,
  fileName,
  label,
  context,
}: {
  /** Under /api: `/orders/<id>/invoice.pdf`. */
  path: string;
  fileName: string;
  label: string;
  /** Said after the label to screen readers where several such buttons share a page. */
  context?: string | undefined;
}) {
  const [state, setState] = useState<"idle" | "loading" | { error: string }>("idle");
  const download = async () => {
    setState("loading");
    try {
      saveFile(await apiBlobRequest(path), fileName);
      setState("idle");
    } catch (error) {
      setState({ error: error instanceof Error ? error.message : "The PDF could not be loaded." });
    }
  };
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        className="link link-primary text-left"
        onClick={download}
        disabled={state === "loading"}
        aria-busy={state === "loading"}
      >
        {state === "loading" ? `${label}…` : label}
        {context ? <span className="sr-only">: {context}</span> : null}
      </button>
      {typeof state === "object" ? (
        <span role="alert" className="text-error text-sm">
          {state.error}
        </span>
      ) : null}
    </span>
  );
}

/** The invoice of a paid order, as a link-like button; nothing before it is paid. */
export function InvoiceLink({
  order,
  context,
}: {
  order: { _id: string; invoiceNumber: string | null };
  context?: string;
}) {
  if (!order.invoiceNumber) return null;
  return (
    <TaxDocumentLink
      path={`/orders/${encodeURIComponent(order._id)}/invoice.pdf`}
      fileName={`${order.invoiceNumber}.pdf`}
      label="Invoice (PDF)"
      context={context}
    />
  );
}
