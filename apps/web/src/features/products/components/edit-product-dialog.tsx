import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Tool } from "@toolshop/shared/tools";
import { type FormEvent, useState } from "react";
import { useForm } from "react-hook-form";
import { ModalDialog } from "../../../components/modal-dialog";
import { ApiRequestError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { setToolAttributes } from "../../attributes/api/set-tool-attributes";
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
import {
  type SpecificationInput,
  SpecificationsFields,
  showSpecificationRefusal,
  specificationDefaults,
  specificationsChanged,
  specificationValues,
  useApplicableAttributes,
} from "./specifications-fields";

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
  const specs = useForm<SpecificationInput>({ defaultValues: specificationDefaults(tool.attributes) });
  const categorySlug = String(form.watch("category") ?? "");
  const { applicable } = useApplicableAttributes(categorySlug);
  const stockSettings = useQuery(stockSettingsQueryOptions(tool._id));

  const save = (close: () => void) => (event: FormEvent) => {
    // The specifications are checked with the product's fields, before anything is sent.
    specs.clearErrors();
    const checked = applicable ? specificationValues(applicable, specs.getValues()) : undefined;
    for (const { field, message } of checked?.problems ?? []) specs.setError(field, { message });
    return form.handleSubmit(async ({ image, ...fields }) => {
      setFailure(undefined);
      if (checked && checked.problems.length > 0) {
        specs.setFocus(checked.problems[0]?.field ?? "");
        return;
      }
      let saved = false;
      try {
        const file = image?.[0];
        const url = file ? await uploadImage(file) : firstImage;
        const updated = await updateTool(tool._id, {
          ...fields,
          image: url,
          previousAvailableQuantity: stockSeen,
        });
        // A second Save after the values were refused must not find the stock "changed by orders".
        setStockSeen(updated.availableQuantity);
        saved = true;
        // Without the attributes loaded nothing is sent: an empty list would drop every value.
        if (
          checked &&
          (specificationsChanged(tool, checked.body) || fields.category !== tool.category.slug)
        ) {
          await setToolAttributes(tool._id, checked.body);
        }
        notify.success(productUpdatedMessage(fields.name));
        await queryClient.invalidateQueries({ queryKey: TOOLS_QUERY_KEY });
        await queryClient.invalidateQueries({ queryKey: ["overview"] });
        close();
      } catch (error) {
        const message = error instanceof Error ? error.message : "The product could not be saved.";
        if (saved) {
          await queryClient.invalidateQueries({ queryKey: TOOLS_QUERY_KEY });
          setFailure(`The product was saved, but not its specifications: ${message}`);
          if (applicable) showSpecificationRefusal(specs, applicable, message);
          return;
        }
        setFailure(message);
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
    })(event);
  };

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
            <SpecificationsFields form={specs} tool={tool} categorySlug={categorySlug} />
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
