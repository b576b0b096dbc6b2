import { Link } from "react-router";
import { formatCount } from "../../../lib/format";
import { useCartCount } from "../use-cart";

/** The navigation bar's cart: its icon and how many tools it holds ("Cart, 2 items"). */
export function CartLink() {
  const count = useCartCount();
  const label = `Cart, ${formatCount(count)} ${count === 1 ? "item" : "items"}`;
  return (
    <Link to="/cart" aria-label={label} title={label} className="btn btn-square btn-ghost relative">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
        <path
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2M9 20h.01M17 20h.01"
        />
      </svg>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="badge badge-primary badge-sm absolute -top-1 -right-1 min-w-5 px-1 font-semibold"
        >
          {formatCount(count)}
        </span>
      ) : null}
    </Link>
  );
}
