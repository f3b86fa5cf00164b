import { Outlet, ScrollRestoration, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { ErrorScreen } from '@/components/error-screen';
import { RouteAnnouncer } from '@/components/route-announcer';
import { Toaster } from '@/components/toaster';

/**
 * Outermost route of the app: catches render errors of public pages (the app shell has its own boundary) and holds the
 * toasts, so one raised on the way out of the private area (e.g. 'Logout realizado' on /) is still shown, and announces
 * every in-app navigation (focus on the new page's heading).
 */
export function RootLayout() {
  const location = useLocation();
  return (
    <>
      <ErrorBoundary resetKey={location.pathname}>
        <ScrollRestoration />
        <Outlet />
      </ErrorBoundary>
      <Toaster />
      <RouteAnnouncer />
    </>
  );
}

/** Router-level fallback, for errors thrown outside any component boundary (e.g. in RootLayout itself). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  // Re-navigating to the same location clears the router's error state.
  return <ErrorScreen error={error} onRetry={() => navigate(location, { replace: true })} />;
}
