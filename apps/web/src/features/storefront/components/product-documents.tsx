import { documentSizeLabel, TOOL_DOCUMENT_KIND_LABELS, type ToolDocument } from "@toolshop/shared/tool-media";

/** A tool's datasheet, manual and declaration of conformity: each a PDF download (decision 0057). */
export function ProductDocuments({ documents }: { documents: readonly ToolDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="product-documents-heading" className="flex flex-col gap-2">
      <h2 id="product-documents-heading" className="text-lg font-semibold">
        Documents
      </h2>
      <ul className="flex flex-col gap-2">
        {documents.map((document) => (
          <li key={document._id} className="flex flex-wrap items-baseline gap-x-2">
            <a href={document.url} download className="link link-primary font-medium">
              {document.title}
            </a>
            <span className="text-sm text-base-content/70">
              {TOOL_DOCUMENT_KIND_LABELS[document.kind]} · PDF, {documentSizeLabel(document.size)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
