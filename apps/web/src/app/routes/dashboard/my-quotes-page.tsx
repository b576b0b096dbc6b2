import { Link } from "react-router";
import { Screen } from "../../../components/screen";
import { MyQuotes } from "../../../features/quotes/components/my-quotes";

/** /dashboard/quotes: the signed-in customer's requests for a quote and the shop's offers. */
export default function MyQuotesPage() {
  return (
    <Screen
      title="My quotes"
      intro={
        <>
          Your requests for a quote and the shop's offers, newest first. Ask for a price on the tools in{" "}
          <Link to="/cart" className="link link-primary">
            your cart
          </Link>
          .
        </>
      }
    >
      <MyQuotes />
    </Screen>
  );
}
