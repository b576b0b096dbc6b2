import { useLocation } from "react-router";
import { StockAlertLink } from "../../features/stock-alerts/components/stock-alert-link";
import { useDocumentTitle } from "../../lib/use-document-title";

/** Where a back-in-stock mail's unsubscribe link lands. */
export default function StockAlertUnsubscribePage() {
  useDocumentTitle("Stock alert");
  // Read straight from the address, as the verification page does.
  return <StockAlertLink kind="unsubscribe" token={new URLSearchParams(useLocation().search).get("token")} />;
}
