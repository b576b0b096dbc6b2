import type { AppConfig } from "../../env";
import type { InvoiceSettings } from "./issue";

/** The invoice settings of the running app (TAX_RATE, PRICES_INCLUDE_TAX, SELLER_*, INVOICE_PREFIX). */
export function invoiceSettings(config: AppConfig): Omit<InvoiceSettings, "currency"> {
  return { invoicePrefix: config.invoicePrefix, seller: config.seller, tax: config.tax };
}
