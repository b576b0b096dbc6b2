import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useDismiss } from "../lib/use-dismiss";

export interface SignedInUser {
  name: string;
  email: string;
  photoUrl?: string | null;
}

interface AccountMenuProps {
  user: SignedInUser | null;
  onSignOut: () => void;
}

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase());
  return letters.join("") || "?";
}

function menuItemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);
}

function AvatarFace({ user }: { user: SignedInUser | null }) {
  if (user?.photoUrl) {
    return (
      <img src={user.photoUrl} alt="" width={40} height={40} className="size-10 rounded-full object-cover" />
    );
  }
  if (user) return <span className="text-sm font-semibold">{initialsOf(user.name)}</span>;
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="currentColor">
      <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
    </svg>
  );
}

const ITEM_CLASS = "block w-full rounded-field px-3 py-2 text-left hover:bg-base-200 focus:bg-base-200";

/**
 * The avatar dropdown: Login when signed out; My Profile, My Orders and Sign out when signed in. A WAI-ARIA
 * menu button: Enter, Space or ArrowDown open it on the first item (ArrowUp on the last), the arrow keys,
 * Home and End move, Escape closes it and gives the focus back to the button, Tab closes it.
 */
export function AccountMenu({ user, onSignOut }: AccountMenuProps) {
  const { pathname } = useLocation();
  // Remembering where it was opened closes it by itself once the user navigates.
  const [openAt, setOpenAt] = useState<string | null>(null);
  // Which item gets the focus as the menu opens: the first, the last, or none (opened by a click).
  const [focusOnOpen, setFocusOnOpen] = useState<"first" | "last" | null>(null);
  const open = openAt === pathname;
  const menuId = useId();
  const buttonId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const close = useCallback((restoreFocus: boolean) => {
    setOpenAt(null);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);
  useDismiss(containerRef, open, close);

  useEffect(() => {
    if (!open || !focusOnOpen) return;
    const all = menuItemsOf(menuRef.current);
    (focusOnOpen === "first" ? all[0] : all.at(-1))?.focus();
  }, [open, focusOnOpen]);

  const openMenu = (focus: "first" | "last" | null) => {
    setFocusOnOpen(focus);
    setOpenAt(pathname);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openMenu("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openMenu("last");
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = menuItemsOf(menuRef.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === "ArrowDown") moveTo(at + 1);
    else if (event.key === "ArrowUp") moveTo(at - 1);
    else if (event.key === "Home") moveTo(0);
    else if (event.key === "End") moveTo(all.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") close(false);
    else if (event.key === " ") {
      // Space activates a menu item, links included.
      event.preventDefault();
      (document.activeElement as HTMLElement | null)?.click();
    }
  };

  const item = (label: string, to: string) => (
    <Link role="menuitem" tabIndex={-1} to={to} className={ITEM_CLASS} onClick={() => close(false)}>
      {label}
    </Link>
  );

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="btn btn-circle btn-ghost border border-base-300 bg-base-200"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu(null))}
        onKeyDown={onButtonKeyDown}
      >
        <AvatarFace user={user} />
      </button>
      {open ? (
        <div className="absolute right-0 z-30 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
          {user ? <p className="truncate px-3 py-2 text-sm text-base-content/70">{user.email}</p> : null}
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            className="flex flex-col"
            onKeyDown={onMenuKeyDown}
          >
            {user ? (
              <>
                {item("My Profile", "/dashboard/myhistory")}
                {item("My Orders", "/dashboard")}

                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={ITEM_CLASS}
                  onClick={() => {
                    close(false);
                    onSignOut();
                  }}
                >
                  Sign out
                </button>
              </>
            ) : (
              item("Login", "/login")
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
