import { useQuery } from "@tanstack/react-query";
import { SKU_MAX_LENGTH, skuTaken } from "@toolshop/shared/sku";
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from "@toolshop/shared/uploads";
import { useEffect, useState } from "react";
import { FileField, SelectField, TextAreaField, TextField } from "../../../components/form-fields";
import { categoriesQueryOptions } from "../../categories/api/get-categories";
import { categoryOptions } from "../../categories/category-tree";
import { looksLikePicture } from "../image-signature";
import type { ProductForm } from "../product-form-schema";
import { PriceBreaksEditor } from "./price-breaks-editor";

interface ProductFieldsProps {
  form: ProductForm;
  /** Prefix of the inputs' ids, unique on the page ("add-product", "edit-product"). */
  idPrefix: string;
  /** The picture the product has now (editing); shown until another file is chosen. */
  currentImage?: string | undefined;
}

const numberInput = { valueAsNumber: true } as const;
const MAX_MB = MAX_UPLOAD_BYTES / (1024 * 1024);
const NO_CATEGORY = { value: "", label: "Choose a category" };

/** The numeric fields, in order: whole units, or cents for the price. Stock may be 0 (sold out). */
const NUMBER_FIELDS = [
  { name: "minQuantity", idSuffix: "min", label: "Minimum quantity", min: 1, step: 1, inputMode: "numeric" },
  {
    name: "availableQuantity",
    idSuffix: "available",
    label: "Available quantity",
    min: 0,
    step: 1,
    inputMode: "numeric",
  },
  { name: "price", idSuffix: "price", label: "Price (USD)", min: 0.01, step: 0.01, inputMode: "decimal" },
] as const;

/** The product's fields of docs/product.md section 5 (add product), each with its message, and the picture's preview. */
export function ProductFields({ form, idPrefix, currentImage }: ProductFieldsProps) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const id = (field: string) => `${idPrefix}-${field}`;
  // A file that is not a picture gets its one error under the field and no (broken) preview.
  const chosenPreview = usePreviewUrl(errors.image ? undefined : watch("image")?.[0]);
  const preview = chosenPreview ?? currentImage;
  // The select is made once the tree has come, so that the form's value finds its option.
  const categories = useQuery(categoriesQueryOptions);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          id={id("name")}
          label="Product Name"
          error={errors.name?.message}
          registration={register("name")}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          id={id("short")}
          label="Short description"
          error={errors.short?.message}
          registration={register("short")}
          rows={3}
        />
      </div>
      <TextField
        id={id("sku")}
        label="SKU"
        hint="The part number: letters, digits and - . /, such as PL-180/A"
        error={errors.sku?.message}
        registration={register("sku")}
        autoComplete="off"
        spellCheck={false}
        maxLength={SKU_MAX_LENGTH}
      />
      {categories.data ? (
        <SelectField
          id={id("category")}
          label="Category"
          error={errors.category?.message}
          registration={register("category")}
          required
          options={[NO_CATEGORY, ...categoryOptions(categories.data)]}
        />
      ) : (
        <SelectField
          id={id("category")}
          label="Category"
          error={
            categories.isError ? "The categories could not be loaded. Please reload the page." : undefined
          }
          disabled
          options={[{ value: "", label: "Loading the categories…" }]}
        />
      )}
      {NUMBER_FIELDS.map(({ name, idSuffix, label, min, step, inputMode }) => (
        <TextField
          key={name}
          id={id(idSuffix)}
          label={label}
          error={errors[name]?.message}
          registration={register(name, numberInput)}
          type="number"
          min={min}
          step={step}
          inputMode={inputMode}
        />
      ))}
      <PriceBreaksEditor form={form} idPrefix={idPrefix} />
      <FileField
        id={id("image")}
        label="Image"
        labelNote={`(JPEG, PNG, WebP, GIF or AVIF, up to ${MAX_MB} MB${currentImage ? "; leave empty to keep the current one" : ""})`}
        error={errors.image?.message}
        registration={register("image", { onChange: () => void form.trigger("image") })}
        accept={ACCEPTED_IMAGE_TYPES.join(",")}
      />
      {preview ? (
        <figure className="sm:col-span-2">
          <img
            src={preview}
            alt={chosenPreview ? "Preview of the new product" : "The product as it looks now"}
            className="h-40 w-full max-w-xs rounded-box border border-base-300 bg-base-200 object-contain"
          />
        </figure>
      ) : null}
    </div>
  );
}

/**
 * The server's "another tool has this SKU" (checked there, under its unique index) under the SKU field
 * too, where the owner corrects it. Answers whether `error` was that.
 */
export function showSkuTaken(form: ProductForm, error: unknown, sku: string): boolean {
  if (!(error instanceof Error) || error.message !== skuTaken(sku)) return false;
  form.setError("sku", { message: error.message }, { shouldFocus: true });
  return true;
}

/** An object URL for the chosen file while it is chosen, released afterwards. */
function usePreviewUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    setUrl(undefined);
    if (!file?.type.startsWith("image/") || typeof URL.createObjectURL !== "function") return;
    let objectUrl: string | undefined;
    let current = true;
    void looksLikePicture(file).then((picture) => {
      if (!current || !picture) return;
      objectUrl = URL.createObjectURL(file);
      setUrl(objectUrl);
    });
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file]);
  return url;
}
