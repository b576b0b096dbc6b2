import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { adminStatusQueryOptions } from "../../../features/auth/api/get-admin-status";
import { useSession } from "../../../features/auth/use-session";
import { OrderDetailScreen } from "../../../features/order-detail/components/order-detail-screen";

const MY_ORDERS = { to: "/dashboard", label: "Back to My orders" };
const MANAGE_ORDERS = { to: "/dashboard/manageorders", label: "Back to Manage Orders" };

/** /dashboard/orders/:id: the order's page, for its owner or an admin (the server decides, 403 otherwise). */
export default function OrderDetailPage() {
  const { id = "" } = useParams();
  const { session } = useSession();
  const email = session.status === "signed-in" ? session.user.email : "";
  // Only picks the way back; the dashboard menu asks the same (cached) question.
  const admin = useQuery({ ...adminStatusQueryOptions(email), enabled: email !== "" });
  return <OrderDetailScreen key={id} orderId={id} back={admin.data === true ? MANAGE_ORDERS : MY_ORDERS} />;
}
