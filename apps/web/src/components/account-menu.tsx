import { useCallback, useId, useRef, useState } from "react";
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

const ITEM_CLASS = "block w-full rounded-field px-3 py-2 text-left hover:bg-base-200";

/** The avatar dropdown: Login when signed out; My Profile, My Orders and Sign out when signed in. */
export function AccountMenu({ user, onSignOut }: AccountMenuProps) {
  const { pathname } = useLocation();
  // Remembering where it was opened closes it by itself once the user navigates.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback((restoreFocus: boolean) => {
    setOpenAt(null);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);
  useDismiss(containerRef, open, close);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-circle btn-ghost border border-base-300 bg-base-200"
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAt(open ? null : pathname)}
      >
        <AvatarFace user={user} />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          {user ? (
            <>
              <p className="truncate px-3 py-2 text-sm text-base-content/70">{user.email}</p>
              <ul className="flex flex-col">
                <li>
                  <Link to="/dashboard/myhistory" className={ITEM_CLASS} onClick={() => close(false)}>
                    My Profile
                  </Link>
                </li>
                <li>
                  <Link to="/dashboard" className={ITEM_CLASS} onClick={() => close(false)}>
                    My Orders
                  </Link>
                </li>
                <li>
                  <button
                    type="button"
                    className={ITEM_CLASS}
                    onClick={() => {
                      close(false);
                      onSignOut();
                    }}
                  >
                    Sign out
                  </button>
                </li>
              </ul>
            </>
          ) : (
            <ul className="flex flex-col">
              <li>
                <Link to="/login" className={ITEM_CLASS} onClick={() => close(false)}>
                  Login
                </Link>
              </li>
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
