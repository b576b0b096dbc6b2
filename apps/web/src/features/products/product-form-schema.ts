import { productSchema } from "@toolshop/shared/tools";
import { IMAGE_NOT_AN_IMAGE, imageFileProblem } from "@toolshop/shared/uploads";
import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { looksLikePicture } from "./image-signature";

// The shared product schema with the picture as the browser has it: a FileList from the file input.
// The browser checks the file itself (present, not SVG, small enough, a picture's first bytes) as it is
// chosen; the server decodes it.

const fileList = (required: boolean) =>
  z.custom<FileList | undefined>().superRefine(async (files, context) => {
    const file = files?.[0];
    if (!file && !required) return;
    const problem =
      imageFileProblem(file) ?? (file && !(await looksLikePicture(file)) ? IMAGE_NOT_AN_IMAGE : undefined);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** Add product: every field, the picture included, is required. */
export const addProductFormSchema = productSchema(fileList(true));
/** Edit product: a new picture is optional; without one the tool keeps its own. */
export const editProductFormSchema = productSchema(fileList(false));

export type ProductFormInput = z.input<typeof addProductFormSchema>;
export type ProductFormValues = z.output<typeof addProductFormSchema>;
/** The product form that the fields and editors fill in. */
export type ProductForm = UseFormReturn<ProductFormInput, unknown, ProductFormValues>;
