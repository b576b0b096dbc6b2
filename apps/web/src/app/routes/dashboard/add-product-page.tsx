import { Screen } from "../../../components/screen";
import { AddProductForm } from "../../../features/products/components/add-product-form";

/** /dashboard/addproduct (admin). */
export default function AddProductPage() {
  return (
    <Screen title="Add Product" className="flex max-w-2xl flex-col gap-4">
      <AddProductForm />
    </Screen>
  );
}
