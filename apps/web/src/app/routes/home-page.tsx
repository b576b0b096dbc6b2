import { BusinessSummary } from "../../features/content/components/business-summary";
import { Hero } from "../../features/content/components/hero";
import { SellingProgress } from "../../features/content/components/selling-progress";
import { QuoteSection } from "../../features/quotes/components/quote-section";
import { ReviewsSection } from "../../features/reviews/components/reviews-section";
import { ToolsSection } from "../../features/tools/components/tools-section";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function HomePage() {
  useDocumentTitle("Best Electrical Tool is Here !");
  return (
    <>
      <Hero />
      <ToolsSection />
      <BusinessSummary />
      <ReviewsSection />
      <SellingProgress />
      <QuoteSection />
    </>
  );
}
