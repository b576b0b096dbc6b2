import { useQuery } from "@tanstack/react-query";
import { PAGE_PATHS } from "@toolshop/shared/page-paths";
import { NavLink } from "react-router";
import { adminStatusQueryOptions } from "../../features/auth/api/get-admin-status";
import { useSession } from "../../features/auth/use-session";
import { openQuotesCountQueryOptions } from "../../features/quotes/api/get-open-quotes-count";

/** docs/product.md section 2: every entry, for every user; the admin routes are guarded, not hidden. */
export const DASHBOARD_MENU = [
  { to: "/dashboard/myhistory", label: "My Profile" },
  { to: "/dashboard/alluser", label: "Make Admin" },
  { to: "/dashboard/manageorders", label: "Manage Orders" },
  { to: "/dashboard/manageproducts", label: "Manage Products" },
  { to: "/dashboard/addproduct", label: "Add Product" },
  { to: "/dashboard", label: "My orders", end: true },
  { to: "/dashboard/myreview", label: "Add a Review" },
] as const;

/** Entries beyond the spec's menu, for every signed-in user. */
export const CUSTOMER_MENU = [{ to: "/dashboard/quotes", label: "My quotes" }] as const;

const QUOTES_PATH = PAGE_PATHS.quoteRequests;

/** Entries beyond the spec's menu, shown to admins only: their screens have no use for others. */
export const ADMIN_ONLY_MENU = [
  { to: "/dashboard/overview", label: "Overview" },
  { to: QUOTES_PATH, label: "Quote requests" },
  { to: "/dashboard/reviews", label: "Reviews" },
  { to: PAGE_PATHS.categories, label: "Categories" },
  { to: PAGE_PATHS.attributes, label: "Attributes" },
  { to: PAGE_PATHS.shipping, label: "Shipping" },
] as const;

/** Whether the signed-in user is an admin (the same cached check as the admin route guard). */
function useIsAdmin(): boolean {
  const { session } = useSession();
  const email = session.status === "signed-in" ? session.user.email : "";
  const admin = useQuery({ ...adminStatusQueryOptions(email), enabled: email !== "" });
  return admin.data === true;
}

function linkClass({ isActive }: { isActive: boolean }): string {
  const base = "block rounded-field px-3 py-2 font-medium transition-colors";
  return isActive ? `${base} bg-primary text-primary-content` : `${base} hover:bg-base-200`;
}

/** "3 open", or "99+ open": the quote requests no admin has handled yet; nothing when there are none. */
function OpenQuotesBadge() {
  const { data } = useQuery(openQuotesCountQueryOptions());
  if (!data || data.count === 0) return null;
  return (
    <span className="badge badge-sm badge-warning ml-2">
      {data.count}
      {data.more ? "+" : ""}
      <span className="sr-only"> open</span>
    </span>
  );
}

/** The dashboard's side menu (in the side column on wide screens, in the drawer on phones). */
export function DashboardMenu({ onNavigate }: { onNavigate?: () => void }) {
  const isAdmin = useIsAdmin();
  const items = isAdmin
    ? [...DASHBOARD_MENU, ...CUSTOMER_MENU, ...ADMIN_ONLY_MENU]
    : [...DASHBOARD_MENU, ...CUSTOMER_MENU];
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={"end" in item} className={linkClass} onClick={onNavigate}>
            {item.label}
            {isAdmin && item.to === QUOTES_PATH ? <OpenQuotesBadge /> : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
