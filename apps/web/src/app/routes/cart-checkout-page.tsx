import { useSession } from "../../features/auth/use-session";
import { CartCheckoutScreen } from "../../features/cart/components/cart-checkout-screen";

/** /checkout (signed in: the route guard makes sure of it): the whole cart as one order. */
export default function CartCheckoutPage() {
  const { session } = useSession();
  const email = session.status === "signed-in" ? session.user.email : "";
  return <CartCheckoutScreen email={email} />;
}
