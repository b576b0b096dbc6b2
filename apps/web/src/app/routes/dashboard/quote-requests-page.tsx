import { Screen } from "../../../components/screen";
import { QuoteRequests } from "../../../features/quotes/components/quote-requests";

export default function QuoteRequestsPage() {
  return (
    <Screen title="Quote requests" intro="Requests from the home page's contact block, newest first.">
      <QuoteRequests />
    </Screen>
  );
}
