import { useQuery } from "@tanstack/react-query";
import { BusinessSummary } from "../../features/content/components/business-summary";
import { Hero } from "../../features/content/components/hero";
import { SellingProgress } from "../../features/content/components/selling-progress";
import { QuoteSection } from "../../features/quotes/components/quote-section";
import { ReviewsSection } from "../../features/reviews/components/reviews-section";
import { toolsQueryOptions } from "../../features/tools/api/get-tools";
import { ToolsSection } from "../../features/tools/components/tools-section";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function HomePage() {
  useDocumentTitle("Best Electrical Tool is Here !");
  // The quote form offers the catalogue's names; this shares the tools section's cached query.
  const { data: tools } = useQuery(toolsQueryOptions);
  const toolNames = tools?.map((tool) => tool.name) ?? [];

  return (
    <>
      <Hero />
      <ToolsSection />
      <BusinessSummary />
      <ReviewsSection />
      <SellingProgress />
      <QuoteSection toolNames={toolNames} />
    </>
  );
}
