import type { UseQueryResult } from "@tanstack/react-query";
import { LOW_STOCK_DEFAULT_FACTOR, type ToolStockSettings } from "@toolshop/shared/tools";
import { useEffect } from "react";
import { TextField } from "../../../components/form-fields";
import type { ProductForm } from "../product-form-schema";

/**
 * The owner's low-stock threshold (the overview lists the tool below it); empty is the default,
 * the minimum order quantity times two. Shown once the current value has loaded: a form saved
 * without it keeps the tool's threshold instead of clearing it.
 */
export function LowStockThresholdField({
  form,
  settings,
}: {
  form: ProductForm;
  settings: UseQueryResult<ToolStockSettings>;
}) {
  const loaded = settings.data;
  useEffect(() => {
    if (loaded) form.setValue("lowStockThreshold", loaded.lowStockThreshold);
  }, [loaded, form]);
  if (!loaded) {
    return settings.isError ? (
      <p className="text-sm text-base-content/70">
        The low-stock threshold could not be loaded; saving keeps it as it is.
      </p>
    ) : null;
  }
  const minimum = Number(form.watch("minQuantity"));
  const byDefault = Number.isFinite(minimum) ? ` (now ${minimum * LOW_STOCK_DEFAULT_FACTOR})` : "";
  return (
    <TextField
      id="edit-product-low-stock"
      label="Low-stock threshold"
      labelNote="(optional)"
      hint={`The overview lists the product when its stock is below this. Empty: minimum × ${LOW_STOCK_DEFAULT_FACTOR}${byDefault}.`}
      placeholder={`minimum × ${LOW_STOCK_DEFAULT_FACTOR}`}
      error={form.formState.errors.lowStockThreshold?.message}
      registration={form.register("lowStockThreshold", { valueAsNumber: true })}
      type="number"
      min={0}
      step={1}
      inputMode="numeric"
    />
  );
}
