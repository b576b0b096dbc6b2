import { NavLink } from "react-router";

/** SPEC.md section 2: every entry, for every user; the admin routes are guarded, not hidden. */
export const DASHBOARD_MENU = [
  { to: "/dashboard/myhistory", label: "My Profile" },
  { to: "/dashboard/alluser", label: "Make Admin" },
  { to: "/dashboard/manageorders", label: "Manage Orders" },
  { to: "/dashboard/manageproducts", label: "Manage Products" },
  { to: "/dashboard/addproduct", label: "Add Product" },
  { to: "/dashboard", label: "My orders", end: true },
  { to: "/dashboard/myreview", label: "Add a Review" },
] as const;

function linkClass({ isActive }: { isActive: boolean }): string {
  const base = "block rounded-field px-3 py-2 font-medium transition-colors";
  return isActive ? `${base} bg-primary text-primary-content` : `${base} hover:bg-base-200`;
}

/** The dashboard's side menu (in the side column on wide screens, in the drawer on phones). */
export function DashboardMenu({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {DASHBOARD_MENU.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={"end" in item} className={linkClass} onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
