import { type FocusEvent, useCallback, useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CartLink } from "../features/cart/components/cart-link";
import { AccountMenu, type SignedInUser } from "./account-menu";

interface NavbarProps {
  /** The signed-in user, or null for a visitor. */
  user: SignedInUser | null;
  onSignOut: () => void;
}

function navLinkClass({ isActive }: { isActive: boolean }): string {
  const base = "block rounded-field px-3 py-2 font-medium transition-colors";
  return isActive
    ? `${base} bg-primary text-primary-content underline decoration-2 underline-offset-4`
    : `${base} hover:bg-base-200`;
}

function NavLinks({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  const links = [
    { to: "/", label: "Home", end: true },
    { to: "/blogs", label: "Blogs", end: false },
    { to: "/myportfolio", label: "MyPortfolio", end: false },
    signedIn
      ? { to: "/dashboard", label: "Dashboard", end: false }
      : { to: "/login", label: "Login", end: false },
  ];
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.end} className={navLinkClass} onClick={onNavigate}>
        {link.label}
      </NavLink>
    </li>
  ));
}

function BrandMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className="size-9">
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <path d="M20 44 38 26" stroke="#fbbf24" strokeWidth="7" strokeLinecap="round" />
      <path d="M36 16a10 10 0 0 0 12 12l-6 6-12-12z" fill="#fff" />
      <circle cx="44" cy="20" r="4" fill="#1d4ed8" />
    </svg>
  );
}

const MOBILE_MENU_ID = "mobile-menu";

/**
 * docs/product.md section 2: Home, Blogs, MyPortfolio, then Dashboard or Login; the avatar dropdown. On a
 * phone the links are a popover that the menu button opens by HTML alone (docs/decisions/0049): a tap
 * works before the server-rendered page has hydrated, and without JavaScript. The browser closes it on
 * Escape or a tap outside and gives the focus back to the button; React closes it when a link in it
 * is followed, when the page changes, and when the focus leaves it.
 */
export function Navbar({ user, onSignOut }: NavbarProps) {
  const { pathname } = useLocation();
  const menuRef = useRef<HTMLUListElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // jsdom (the unit tests) has no popovers.
  const closeMenu = useCallback(() => menuRef.current?.hidePopover?.(), []);
  // Closed when the page changes (Back too), not when the page hydrates: a menu opened before stays.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    closeMenu();
  }, [pathname, closeMenu]);
  const onMenuBlur = (event: FocusEvent<HTMLUListElement>) => {
    const next = event.relatedTarget;
    if (next && !event.currentTarget.contains(next) && next !== toggleRef.current) closeMenu();
  };

  return (
    <nav aria-label="Main" className="group mx-auto max-w-6xl px-4">
      <div className="flex h-16 items-center gap-2">
        <Link
          to="/"
          className="mr-auto flex items-center gap-2 rounded-field text-xl font-bold tracking-tight"
        >
          <BrandMark />
          <span>
            Tool<span className="text-primary">shop</span>
          </span>
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          <NavLinks signedIn={user !== null} />
        </ul>
        <CartLink />
        <AccountMenu user={user} onSignOut={onSignOut} />
        {/* Browsers expose the button as expanded while its popover is open. */}
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-square btn-ghost md:hidden"
          aria-label="Main menu"
          popoverTarget={MOBILE_MENU_ID}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
            <path
              className="group-has-[:popover-open]:hidden"
              strokeWidth="2"
              strokeLinecap="round"
              d="M4 7h16M4 12h16M4 17h16"
            />
            <path
              className="hidden group-has-[:popover-open]:inline"
              strokeWidth="2"
              strokeLinecap="round"
              d="M6 6l12 12M18 6 6 18"
            />
          </svg>
        </button>
      </div>
      {/* In the top layer, just under the bar (h-16 and its border): over the page, never pushing it. */}
      <ul
        ref={menuRef}
        id={MOBILE_MENU_ID}
        popover="auto"
        onBlur={onMenuBlur}
        className="inset-x-0 top-[4.0625rem] bottom-auto m-0 hidden w-full max-w-none flex-col gap-1 border-b border-base-300 bg-base-100 px-4 py-3 text-base-content shadow-md open:flex md:open:hidden"
      >
        <NavLinks signedIn={user !== null} onNavigate={closeMenu} />
      </ul>
    </nav>
  );
}
