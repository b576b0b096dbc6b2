import { useLocation } from "react-router";
import { StockAlertLink } from "../../features/stock-alerts/components/stock-alert-link";
import { useDocumentTitle } from "../../lib/use-document-title";

/** Where a back-in-stock mail's confirm link lands. */
export default function StockAlertConfirmPage() {
  useDocumentTitle("Stock alert");
  // Read straight from the address, as the verification page does.
  return <StockAlertLink kind="confirm" token={new URLSearchParams(useLocation().search).get("token")} />;
}
