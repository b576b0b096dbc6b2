import { Link } from "react-router";
import { ComingSoon } from "../../components/coming-soon";

export default function CheckoutPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <ComingSoon title="Checkout">
        <p>Ordering opens in the next release. No order can be placed yet.</p>
        <p className="mt-3">
          <Link to="/#tools" className="link link-primary">
            Back to the tools
          </Link>
        </p>
      </ComingSoon>
    </div>
  );
}
