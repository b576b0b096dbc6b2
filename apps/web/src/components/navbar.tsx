import { useCallback, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CartLink } from "../features/cart/components/cart-link";
import { useDismiss } from "../lib/use-dismiss";
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

/** SPEC.md section 2: Home, Blogs, MyPortfolio, then Dashboard or Login; the avatar dropdown. */
export function Navbar({ user, onSignOut }: NavbarProps) {
  const { pathname } = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback((restoreFocus: boolean) => {
    setMenuOpenAt(null);
    if (restoreFocus) toggleRef.current?.focus();
  }, []);
  useDismiss(menuRef, menuOpen, closeMenu);

  return (
    <nav aria-label="Main" className="mx-auto max-w-6xl px-4">
      <div ref={menuRef}>
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
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-square btn-ghost md:hidden"
            aria-label="Main menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpenAt(menuOpen ? null : pathname)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
              {menuOpen ? (
                <path strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
              ) : (
                <path strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
              )}
            </svg>
          </button>
        </div>
        {menuOpen ? (
          <ul id="mobile-menu" className="flex flex-col gap-1 border-t border-base-300 py-3 md:hidden">
            <NavLinks signedIn={user !== null} onNavigate={() => closeMenu(false)} />
          </ul>
        ) : null}
      </div>
    </nav>
  );
}
