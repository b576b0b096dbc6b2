import type { AppConfig } from "../../env";
import type { InvoiceSettings } from "./issue";

/** The invoice settings of the running app (SELLER_*, INVOICE_PREFIX); each order keeps its own tax rule. */
export function invoiceSettings(config: AppConfig): Omit<InvoiceSettings, "currency"> {
  return { invoicePrefix: config.invoicePrefix, seller: config.seller };
}
