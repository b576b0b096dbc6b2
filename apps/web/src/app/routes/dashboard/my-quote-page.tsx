import { useParams } from "react-router";
import { useSession } from "../../../features/auth/use-session";
import { OfferPage } from "../../../features/quotes/components/offer-page";

/** /dashboard/quotes/:id: one quote and its offer (the link in the offer's mail opens it). */
export default function MyQuotePage() {
  const { id = "" } = useParams();
  const { session } = useSession();
  const email = session.status === "signed-in" ? session.user.email : "";
  return <OfferPage key={id} quoteId={id} email={email} />;
}
