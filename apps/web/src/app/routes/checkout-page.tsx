import { useParams } from "react-router";
import { useSession } from "../../features/auth/use-session";
import { CheckoutScreen } from "../../features/orders/components/checkout-screen";

/** /checkout/:id (signed in: the route guard makes sure of it). */
export default function CheckoutPage() {
  const { id = "" } = useParams();
  const { session } = useSession();
  const email = session.status === "signed-in" ? session.user.email : "";
  // The key starts a new visit (and a new Idempotency-Key) when the user moves to another tool.
  return <CheckoutScreen key={id} toolId={id} email={email} />;
}
