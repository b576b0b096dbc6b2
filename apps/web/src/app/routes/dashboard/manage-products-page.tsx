import { ManageProducts } from "../../../features/products/components/manage-products";
import { useDocumentTitle } from "../../../lib/use-document-title";

/** /dashboard/manageproducts (admin). */
export default function ManageProductsPage() {
  useDocumentTitle("Manage Products");
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-4">
      <h1 id="screen-heading" className="text-3xl font-bold">
        Manage Products
      </h1>
      <ManageProducts />
    </section>
  );
}
