import { useSession } from "../../../features/auth/use-session";
import { MyOrders } from "../../../features/orders/components/my-orders";

/** /dashboard (index): My orders. The route guard has made sure there is a session. */
export default function MyOrdersPage() {
  const { session } = useSession();
  const email = session.status === "signed-in" ? session.user.email : "";
  return <MyOrders email={email} />;
}
