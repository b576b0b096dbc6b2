import { Screen } from "../../../components/screen";
import { ManageProducts } from "../../../features/products/components/manage-products";

/** /dashboard/manageproducts (admin). */
export default function ManageProductsPage() {
  return (
    <Screen title="Manage Products">
      <ManageProducts />
    </Screen>
  );
}
