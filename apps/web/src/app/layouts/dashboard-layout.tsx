import { useCallback, useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { useDismiss } from "../../lib/use-dismiss";
import { DashboardMenu } from "./dashboard-menu";

/** /dashboard: the side menu beside the nested screen; on phones the menu is a drawer. */
export default function DashboardLayout() {
  const { pathname } = useLocation();
  // Remembering where it was opened closes the drawer by itself once the user navigates.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === pathname;
  const drawerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback((restoreFocus: boolean) => {
    setDrawerOpenAt(null);
    if (restoreFocus) toggleRef.current?.focus();
  }, []);
  useDismiss(drawerRef, drawerOpen, closeDrawer);
  useEffect(() => {
    if (drawerOpen) drawerRef.current?.querySelector<HTMLElement>("[aria-current='page'], a")?.focus();
  }, [drawerOpen]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row">
      <div className="md:hidden">
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-outline"
          aria-expanded={drawerOpen}
          aria-controls="dashboard-drawer"
          onClick={() => setDrawerOpenAt(drawerOpen ? null : pathname)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor">
            <path strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
          </svg>
          Dashboard menu
        </button>
      </div>
      {drawerOpen ? (
        <div className="fixed inset-0 z-50 md:hidden">
          <div aria-hidden="true" className="absolute inset-0 bg-neutral/50" />
          <div
            ref={drawerRef}
            id="dashboard-drawer"
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-base-100 p-4 shadow-xl"
          >
            <div className="flex items-center justify-between">
              <p className="text-lg font-bold">Dashboard</p>
              <button
                type="button"
                className="btn btn-square btn-ghost"
                aria-label="Close the dashboard menu"
                onClick={() => closeDrawer(true)}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-6"
                  fill="none"
                  stroke="currentColor"
                >
                  <path strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </div>
            <nav aria-label="Dashboard">
              <DashboardMenu onNavigate={() => closeDrawer(false)} />
            </nav>
          </div>
        </div>
      ) : null}
      <aside className="hidden w-60 shrink-0 md:block">
        <div className="sticky top-24 rounded-box border border-base-300 bg-base-100 p-3">
          <p className="px-3 pb-2 text-sm font-semibold tracking-wider text-base-content/70 uppercase">
            Dashboard
          </p>
          <nav aria-label="Dashboard">
            <DashboardMenu />
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
