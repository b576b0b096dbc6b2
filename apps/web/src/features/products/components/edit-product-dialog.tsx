import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Tool } from "@toolshop/shared/tools";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ModalDialog } from "../../../components/modal-dialog";
import { ApiRequestError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import {
  getTool,
  stockSettingsQueryOptions,
  TOOLS_QUERY_KEY,
  updateTool,
  uploadImage,
} from "../api/products-api";
import { editProductFormSchema, type ProductFormInput, type ProductFormValues } from "../product-form-schema";
import { LowStockThresholdField } from "./low-stock-threshold-field";
import { ProductFields, showSkuTaken } from "./product-fields";
import { ProductMediaSection } from "./product-media-section";

export const productUpdatedMessage = (name: string) => `${name} updated`;

interface EditProductDialogProps {
  tool: Tool;
  onClose: () => void;
}

/**
 * Edits a product's name, description, quantities, price and (optionally) picture, and below the form
 * its pictures and documents, saved as each changes (ProductMediaSection). The stock it was
 * opened with goes along: if orders changed it meanwhile the server refuses, and the list is reloaded.
 */
export function EditProductDialog({ tool, onClose }: EditProductDialogProps) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  // The stock the admin is editing from; moves on when the server says orders changed it.
  const [stockSeen, setStockSeen] = useState(tool.availableQuantity);
  // The gallery's first picture, which the media section may change while the dialog is open.
  const [firstImage, setFirstImage] = useState(tool.image);
  const form = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(editProductFormSchema),
    mode: "onTouched",
    defaultValues: {
      sku: tool.sku,
      name: tool.name,
      short: tool.short,
      minQuantity: tool.minQuantity,
      availableQuantity: tool.availableQuantity,
      price: tool.price,
      category: tool.category.slug,
      priceBreaks: tool.priceBreaks,
    },
  });
  const { isSubmitting } = form.formState;
  const stockSettings = useQuery(stockSettingsQueryOptions(tool._id));

  const save = (close: () => void) =>
    form.handleSubmit(async ({ image, ...fields }) => {
      setFailure(undefined);
      try {
        const file = image?.[0];
        const url = file ? await uploadImage(file) : firstImage;
        await updateTool(tool._id, {
          ...fields,
          image: url,
          previousAvailableQuantity: stockSeen,
        });
        notify.success(productUpdatedMessage(fields.name));
        await queryClient.invalidateQueries({ queryKey: TOOLS_QUERY_KEY });
        await queryClient.invalidateQueries({ queryKey: ["overview"] });
        close();
      } catch (error) {
        setFailure(error instanceof Error ? error.message : "The product could not be saved.");
        if (showSkuTaken(form, error, fields.sku)) return;
        // A 409 means orders changed the stock: load it, and put it in the form to check and save again.
        if (error instanceof ApiRequestError && error.status === 409) {
          const [fresh] = await Promise.all([
            getTool(tool._id).catch(() => undefined),
            queryClient.invalidateQueries({ queryKey: TOOLS_QUERY_KEY }),
          ]);
          if (fresh) {
            setStockSeen(fresh.availableQuantity);
            form.setValue("availableQuantity", fresh.availableQuantity);
          }
        }
      }
    });

  return (
    <ModalDialog
      titleId="edit-product-title"
      title={`Edit ${tool.name}`}
      busy={isSubmitting}
      onClose={onClose}
      wide
    >
      {(close) => (
        <>
          <form onSubmit={save(close)} noValidate className="flex flex-col gap-4">
            <ProductFields form={form} idPrefix="edit-product" currentImage={firstImage} />
            <LowStockThresholdField form={form} settings={stockSettings} />
            {failure ? (
              <p role="alert" className="alert alert-error">
                {failure}
              </p>
            ) : null}
            <div className="modal-action">
              <button type="button" className="btn" onClick={close} disabled={isSubmitting}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                {isSubmitting ? "Saving…" : "Save changes"}
              </button>
            </div>
          </form>
          <ProductMediaSection tool={tool} onFirstImage={setFirstImage} />
        </>
      )}
    </ModalDialog>
  );
}
