import { Link } from "react-router";
import { ComingSoon } from "../../../components/coming-soon";

export default function MyOrdersPage() {
  return (
    <ComingSoon title="My orders">
      <p>Ordering opens in the next release. Your orders will be listed here, with their payment status.</p>
      <p className="mt-3">
        <Link to="/#tools" className="link link-primary">
          Browse the tools
        </Link>
      </p>
    </ComingSoon>
  );
}
