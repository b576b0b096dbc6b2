import { Screen } from "../../../components/screen";
import { QuoteRequests } from "../../../features/quotes/components/quote-requests";

/** /dashboard/quote-requests (admin): the requests for a quote, and their offers. */
export default function QuoteRequestsPage() {
  return (
    <Screen
      title="Quote requests"
      intro="Requests from the home page and from customers' carts, newest first. Open one to price it and send an offer."
    >
      <QuoteRequests />
    </Screen>
  );
}
