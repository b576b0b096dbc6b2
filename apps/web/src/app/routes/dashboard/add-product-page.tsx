import { AddProductForm } from "../../../features/products/components/add-product-form";
import { useDocumentTitle } from "../../../lib/use-document-title";

/** /dashboard/addproduct (admin). */
export default function AddProductPage() {
  useDocumentTitle("Add Product");
  return (
    <section aria-labelledby="screen-heading" className="flex max-w-2xl flex-col gap-4">
      <h1 id="screen-heading" className="text-3xl font-bold">
        Add Product
      </h1>
      <AddProductForm />
    </section>
  );
}
