// What an issued invoice or credit note holds (tax_documents.snapshot): everything its PDF prints, as
// it was when it was issued. Amounts are in minor units of `currency`; for a credit note they are the
// amounts credited (positive).
import type { TaxRule } from "@toolshop/shared/tax";

export interface DocumentLine {
  toolId: string | null;
  name: string;
  /** The SKU as ordered (decision 0056); absent on documents issued before SKUs, null for a tool gone before. */
  sku?: string | null;
  quantity: number;
  unitPriceCents: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
}

export interface TaxDocumentSnapshot {
  version: 1;
  kind: "invoice" | "credit_note";
  /** ISO 8601. */
  issuedAt: string;
  /** The invoice number a credit note corrects; null on an invoice. */
  corrects: string | null;
  orderId: string;
  /** "TS-000123". */
  orderNumber: string;
  currency: string;
  paymentId: string | null;
  seller: { name: string; addressLines: string[]; taxId: string | null };
  /**
   * The buyer's name is the account's display name, when it has one. The company and its tax/VAT
   * number are the order's (frozen when it was placed, issue 62); absent on documents from before.
   */
  buyer: {
    name: string | null;
    company?: string | null;
    taxId?: string | null;
    email: string;
    address: string;
  };
  tax: TaxRule;
  lines: DocumentLine[];
  totals: { netCents: number; taxCents: number; grossCents: number };
}
