import { useParams } from "react-router";
import { useSession } from "../../../features/auth/use-session";
import { PaymentScreen } from "../../../features/payments/components/payment-screen";

/** /dashboard/payment/:id. The billing name and email go to the gateway with the card. */
export default function PaymentPage() {
  const { id = "" } = useParams();
  const { session } = useSession();
  const billing =
    session.status === "signed-in"
      ? { name: session.user.name, email: session.user.email }
      : { name: "", email: "" };
  return <PaymentScreen key={id} orderId={id} billing={billing} />;
}
