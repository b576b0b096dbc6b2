import { Screen } from "../../../components/screen";
import { ManageOrders } from "../../../features/admin-orders/components/manage-orders";

/** /dashboard/manageorders (admin). */
export default function ManageOrdersPage() {
  return (
    <Screen title="Manage Orders">
      <ManageOrders />
    </Screen>
  );
}
