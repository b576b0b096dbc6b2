import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { Footer } from "../../components/footer";
import { Navbar } from "../../components/navbar";
import { PageSkeleton } from "../../components/page-skeleton";
import { RouteAnnouncer } from "../../components/route-announcer";
import { useSession } from "../../features/auth/use-session";
import { useSignOutOnUnauthorized } from "../../features/auth/use-sign-out-on-unauthorized";
import { useSignOutToHome } from "../../features/auth/use-sign-out-to-home";
import { useArrivalSection } from "../use-arrival-section";

/** Navigation bar, the page, and the footer; a thin bar at the top while the next page loads. */
export function RootLayout() {
  const { session } = useSession();
  const navigation = useNavigation();
  useSignOutOnUnauthorized();
  useArrivalSection();
  const onSignOut = useSignOutToHome();
  const user = session.status === "signed-in" ? session.user : null;

  return (
    <div className="flex min-h-screen flex-col overflow-x-clip">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-field focus:bg-base-100 focus:px-4 focus:py-2"
      >
        Skip to main content
      </a>
      {navigation.state === "loading" ? (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-primary" />
      ) : null}
      <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
        <Navbar user={user} onSignOut={onSignOut} />
      </header>
      {/* At least a screen tall: the footer starts below the fold and is not pushed down (a layout
          shift) when a page's code and data arrive after the layout has painted. */}
      <main id="main-content" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <RouteAnnouncer />
      <ScrollRestoration />
    </div>
  );
}

/**
 * While the first page's code is still on its way (a slow phone network, a signed-in route being
 * discovered): the navigation bar and the page's skeleton at once, rather than a lone spinner.
 */
export function RootFallback() {
  const { session } = useSession();
  const onSignOut = useSignOutToHome();
  return (
    <div className="flex min-h-screen flex-col overflow-x-clip">
      <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
        <Navbar user={session.status === "signed-in" ? session.user : null} onSignOut={onSignOut} />
      </header>
      <main id="main-content" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <PageSkeleton />
      </main>
    </div>
  );
}
