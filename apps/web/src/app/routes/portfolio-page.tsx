import { Portfolio } from "../../features/content/components/portfolio";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function PortfolioPage() {
  useDocumentTitle("MyPortfolio");
  return <Portfolio />;
}
