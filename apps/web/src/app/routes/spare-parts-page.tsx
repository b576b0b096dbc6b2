import { SparePartsFinder } from "../../features/storefront/components/spare-parts-finder";
import { useDocumentTitle } from "../../lib/use-document-title";

/** /spare-parts: "Find spare parts" by a tool's model number or SKU (decision 0058). */
export default function SparePartsPage() {
  useDocumentTitle("Find spare parts");
  return <SparePartsFinder />;
}
