import { QUANTITY_ABOVE_MAXIMUM, QUANTITY_BELOW_MINIMUM, QUANTITY_REQUIRED } from "@toolshop/shared/orders";

/**
 * SPEC.md section 5: the quantity's min and max violations are DISPLAYED as "quantity is required",
 * although the schema's rule messages say which bound was crossed. Other messages show as they are.
 */
export function displayedQuantityMessage(message: string | undefined): string | undefined {
  if (message === QUANTITY_BELOW_MINIMUM || message === QUANTITY_ABOVE_MAXIMUM) return QUANTITY_REQUIRED;
  return message;
}
