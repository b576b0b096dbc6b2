import { QuoteRequests } from "../../../features/quotes/components/quote-requests";
import { useDocumentTitle } from "../../../lib/use-document-title";

export default function QuoteRequestsPage() {
  useDocumentTitle("Quote requests");
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-4">
      <h1 id="screen-heading" className="text-3xl font-bold">
        Quote requests
      </h1>
      <p className="text-base-content/80">Requests from the home page&apos;s contact block, newest first.</p>
      <QuoteRequests />
    </section>
  );
}
