import { ManageOrders } from "../../../features/admin-orders/components/manage-orders";
import { useDocumentTitle } from "../../../lib/use-document-title";

/** /dashboard/manageorders (admin). */
export default function ManageOrdersPage() {
  useDocumentTitle("Manage Orders");
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-4">
      <h1 id="screen-heading" className="text-3xl font-bold">
        Manage Orders
      </h1>
      <ManageOrders />
    </section>
  );
}
