import { useQueryClient } from "@tanstack/react-query";
import {
  DOCUMENT_NOT_A_PDF,
  documentFileProblem,
  documentSizeLabel,
  TOOL_DOCUMENT_KIND_LABELS,
  TOOL_IMAGES_MAX,
  type ToolDocument,
  type ToolDocumentKind,
  type ToolImage,
  toolDocumentKinds,
} from "@toolshop/shared/tool-media";
import { toolDocumentFieldsSchema, toolImagesBodySchema } from "@toolshop/shared/tool-media-bodies";
import type { Tool } from "@toolshop/shared/tools";
import { ACCEPTED_IMAGE_TYPES, IMAGE_NOT_AN_IMAGE, imageFileProblem } from "@toolshop/shared/uploads";
import { useEffect, useRef, useState } from "react";
import { removeToolDocument, saveToolImages, uploadToolDocument } from "../api/product-media-api";
import { TOOLS_QUERY_KEY, uploadImage } from "../api/products-api";
import { looksLikePicture } from "../image-signature";

const messageOf = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

/**
 * The product's pictures and documents in its edit screen (decision 0057). Each change is saved at once:
 * adding, moving or removing a picture sends the gallery again (its first picture is the product's
 * image, `onFirstImage` tells the edit form), a document is uploaded or removed on its own. Every
 * control is a labelled button or field, so the keyboard does all of it; the outcome is announced.
 */
export function ProductMediaSection({
  tool,
  onFirstImage,
}: {
  tool: Tool;
  onFirstImage: (url: string) => void;
}) {
  const queryClient = useQueryClient();
  const [images, setImages] = useState<ToolImage[]>(tool.images);
  // What the server holds: a description typed is saved when its field is left with another one.
  const [savedImages, setSavedImages] = useState<ToolImage[]>(tool.images);
  const [documents, setDocuments] = useState<ToolDocument[]>(tool.documents);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [imageError, setImageError] = useState<string>();
  const pictureInput = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  // The button to focus again once a move is saved: the fieldset is disabled meanwhile, which drops
  // the focus, and the moved picture's buttons are in their new place only after the render.
  const [focusAfterSave, setFocusAfterSave] = useState<string>();
  useEffect(() => {
    if (busy || !focusAfterSave) return;
    buttons.current.get(focusAfterSave)?.focus();
    setFocusAfterSave(undefined);
  }, [busy, focusAfterSave]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: TOOLS_QUERY_KEY });

  const saveGallery = async (next: ToolImage[], done: string, focusKey?: string) => {
    const parsed = toolImagesBodySchema.safeParse({ images: next });
    if (!parsed.success) {
      setImageError(parsed.error.issues[0]?.message);
      return false;
    }
    setBusy(true);
    setImageError(undefined);
    try {
      const saved = await saveToolImages(tool._id, parsed.data);
      setImages(saved);
      setSavedImages(saved);
      if (saved[0]) onFirstImage(saved[0].url);
      setStatus(done);
      await refresh();
      setFocusAfterSave(focusKey);
      return true;
    } catch (error) {
      setImageError(messageOf(error, "The pictures could not be saved."));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const move = (from: number, to: number, direction: "up" | "down") => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    // The button pressed keeps the focus where it went; at an end, the other one.
    const edge = (direction === "up" && to === 0) || (direction === "down" && to === next.length - 1);
    const keep = edge ? (direction === "up" ? "down" : "up") : direction;
    void saveGallery(next, `Picture moved to place ${to + 1} of ${next.length}.`, `${keep}:${moved.url}`);
  };

  const addPicture = async () => {
    const file = pictureInput.current?.files?.[0];
    const problem =
      imageFileProblem(file) ?? (file && !(await looksLikePicture(file)) ? IMAGE_NOT_AN_IMAGE : undefined);
    if (problem || !file) {
      setImageError(problem);
      return;
    }
    setBusy(true);
    setImageError(undefined);
    let url: string;
    try {
      url = await uploadImage(file);
    } catch (error) {
      setBusy(false);
      setImageError(messageOf(error, "The picture could not be uploaded."));
      return;
    }
    const saved = await saveGallery([...images, { url, alt: "" }], `Picture ${images.length + 1} added.`);
    if (saved && pictureInput.current) pictureInput.current.value = "";
  };

  return (
    <section
      aria-labelledby="product-media-heading"
      className="flex flex-col gap-6 border-t border-base-300 pt-4"
    >
      <h3 id="product-media-heading" className="text-lg font-semibold">
        Pictures and documents
      </h3>
      <p aria-live="polite" className="sr-only">
        {status}
      </p>

      <fieldset className="flex flex-col gap-3" disabled={busy}>
        <legend className="font-medium">Pictures (the first is the product's picture)</legend>
        <ol className="flex flex-col gap-3">
          {images.map((image, index) => (
            <li key={image.url} className="flex flex-wrap items-end gap-3">
              <img
                src={image.url}
                alt=""
                width={64}
                height={64}
                className="size-16 rounded-field bg-base-200 object-contain"
              />
              <label className="flex grow flex-col gap-1 text-sm">
                <span>Description of picture {index + 1}</span>
                <input
                  className="input input-sm w-full"
                  value={image.alt}
                  maxLength={200}
                  onChange={(event) =>
                    setImages(
                      images.map((one, at) => (at === index ? { ...one, alt: event.target.value } : one)),
                    )
                  }
                  onBlur={() => {
                    if (image.alt !== savedImages[index]?.alt) {
                      void saveGallery(images, `Description of picture ${index + 1} saved.`);
                    }
                  }}
                />
              </label>
              <div className="flex gap-1">
                <button
                  type="button"
                  className="btn btn-sm"
                  ref={(element) => {
                    buttons.current.set(`up:${image.url}`, element);
                  }}
                  disabled={index === 0}
                  aria-label={`Move picture ${index + 1} up`}
                  onClick={() => move(index, index - 1, "up")}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="btn btn-sm"
                  ref={(element) => {
                    buttons.current.set(`down:${image.url}`, element);
                  }}
                  disabled={index === images.length - 1}
                  aria-label={`Move picture ${index + 1} down`}
                  onClick={() => move(index, index + 1, "down")}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  disabled={images.length === 1}
                  aria-label={`Remove picture ${index + 1}`}
                  onClick={() =>
                    void saveGallery(
                      images.filter((_, at) => at !== index),
                      `Picture ${index + 1} removed.`,
                    )
                  }
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
        {images.length < TOOL_IMAGES_MAX ? (
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-sm">
              <span>Add a picture</span>
              <input
                ref={pictureInput}
                type="file"
                accept={ACCEPTED_IMAGE_TYPES.join(",")}
                className="file-input file-input-sm"
                aria-describedby={imageError ? "product-media-image-error" : undefined}
              />
            </label>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => void addPicture()}>
              Add picture
            </button>
          </div>
        ) : null}
        {imageError ? (
          <p id="product-media-image-error" role="alert" className="text-sm text-error">
            {imageError}
          </p>
        ) : null}
      </fieldset>

      <DocumentsEditor
        toolId={tool._id}
        documents={documents}
        onChange={(next, done) => {
          setDocuments(next);
          setStatus(done);
          void refresh();
        }}
      />
    </section>
  );
}

interface DocumentsEditorProps {
  toolId: string;
  documents: ToolDocument[];
  onChange: (documents: ToolDocument[], done: string) => void;
}

function DocumentsEditor({ toolId, documents, onChange }: DocumentsEditorProps) {
  const [kind, setKind] = useState<ToolDocumentKind>("datasheet");
  const [title, setTitle] = useState("");
  const [errors, setErrors] = useState<{ title?: string; file?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = async () => {
    const fields = toolDocumentFieldsSchema.safeParse({ kind, title });
    const file = fileInput.current?.files?.[0];
    const fileProblem = documentFileProblem(file);
    const titleProblem = fields.success
      ? undefined
      : fields.error.issues.find((issue) => issue.path[0] === "title")?.message;
    if (!fields.success || fileProblem || !file) {
      setErrors({ title: titleProblem, file: fileProblem ?? (file ? undefined : DOCUMENT_NOT_A_PDF) });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const added = await uploadToolDocument(toolId, fields.data, file);
      onChange([...documents, added], `${added.title} added.`);
      setTitle("");
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      setErrors({ form: messageOf(error, "The document could not be uploaded.") });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (document: ToolDocument) => {
    setBusy(true);
    setErrors({});
    try {
      await removeToolDocument(toolId, document._id);
      onChange(
        documents.filter((one) => one._id !== document._id),
        `${document.title} removed.`,
      );
    } catch (error) {
      setErrors({ form: messageOf(error, "The document could not be removed.") });
    } finally {
      setBusy(false);
    }
  };

  // No form of its own: the section sits in the edit dialog beside the product's form.
  return (
    <fieldset className="flex flex-col gap-3" disabled={busy}>
      <legend className="font-medium">Documents</legend>
      {documents.length === 0 ? (
        <p className="text-sm text-base-content/70">No documents yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {documents.map((document) => (
            <li key={document._id} className="flex flex-wrap items-center gap-2">
              <a href={document.url} className="link">
                {document.title}
              </a>
              <span className="text-sm text-base-content/70">
                {TOOL_DOCUMENT_KIND_LABELS[document.kind]} · {documentSizeLabel(document.size)}
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline btn-error"
                aria-label={`Remove ${document.title}`}
                onClick={() => void remove(document)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm">
          <span>Kind</span>
          <select
            className="select select-sm"
            value={kind}
            onChange={(event) => setKind(event.target.value as ToolDocumentKind)}
          >
            {toolDocumentKinds.map((value) => (
              <option key={value} value={value}>
                {TOOL_DOCUMENT_KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>Title</span>
          <input
            className={`input input-sm ${errors.title ? "input-error" : ""}`}
            value={title}
            maxLength={120}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? "product-document-title-error" : undefined}
            onChange={(event) => setTitle(event.target.value)}
          />
          {errors.title ? (
            <span id="product-document-title-error" className="text-error">
              {errors.title}
            </span>
          ) : null}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>PDF file</span>
          <input
            ref={fileInput}
            type="file"
            accept="application/pdf,.pdf"
            className={`file-input file-input-sm ${errors.file ? "file-input-error" : ""}`}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? "product-document-file-error" : undefined}
          />
          {errors.file ? (
            <span id="product-document-file-error" className="text-error">
              {errors.file}
            </span>
          ) : null}
        </label>
      </div>
      <button type="button" className="btn btn-sm btn-primary self-start" onClick={() => void upload()}>
        Upload document
      </button>
      {errors.form ? (
        <p role="alert" className="text-sm text-error">
          {errors.form}
        </p>
      ) : null}
    </fieldset>
  );
}
