import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { notify } from "../../../lib/toast";
import { createTool, TOOLS_QUERY_KEY, uploadImage } from "../api/products-api";
import { addProductFormSchema, type ProductFormInput, type ProductFormValues } from "../product-form-schema";
import { ProductFields, showSkuTaken } from "./product-fields";

/** docs/product.md section 8, as written. */
export const PRODUCT_ADDED_MESSAGE = "Your product Added";

/**
 * Add product (docs/product.md sections 4 and 5): the picture is uploaded first, then the product is created
 * with its URL; on success a toast, and the form starts again empty. A failed upload creates nothing;
 * a picture whose product then fails is removed later by the server (it prunes unused uploads).
 */
export function AddProductForm() {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(addProductFormSchema),
    mode: "onTouched",
    defaultValues: { priceBreaks: [] },
  });
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = form;

  const onSubmit = async ({ image, ...fields }: ProductFormValues) => {
    setFailure(undefined);
    const file = image?.[0];
    if (!file) return; // the schema requires it
    try {
      const url = await uploadImage(file);
      await createTool({ ...fields, image: url });
      notify.success(PRODUCT_ADDED_MESSAGE);
      // The file input keeps its file through RHF's reset; the form element's own reset clears it.
      formRef.current?.reset();
      reset();
      await queryClient.invalidateQueries({ queryKey: TOOLS_QUERY_KEY });
    } catch (error) {
      const message = error instanceof Error ? error.message : "The product could not be added.";
      setFailure(message);
      notify.error(message);
      showSkuTaken(form, error, fields.sku);
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Add product"
    >
      <ProductFields form={form} idPrefix="add-product" />
      {failure ? (
        <p role="alert" className="alert alert-error">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary sm:self-start" disabled={isSubmitting}>
        {isSubmitting ? "Adding…" : "Add product"}
      </button>
    </form>
  );
}
