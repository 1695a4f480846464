import { ROUTES, type RouteEntry } from '@mindpath/contracts/routes-constants';
import { sessionStore } from '@mindpath/sdk/local-store';
import { useIsAuthenticated } from '@mindpath/sdk/session';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { DataBoundary } from '../../data/data-boundary.tsx';
import { lazyAfterFirstCommit } from '../../first-commit.ts';
import { RemoteLoading } from '../../remotes/remote-loading.tsx';
import { PublicLayout } from '../layout/public-layout.tsx';
import { sessionExit } from '../session/session-exit.ts';
import { decideRoute } from './decide-route.ts';

// Signed-in pages only: a signed-out first render (the landing, sign-in) does without the sidebar, its
// SDK hooks (goals, plan, review stats) and the settings frame. The signed-in layout is its own data scope.
const AppLayout = lazy(() => import('../layout/app-layout.tsx').then((m) => ({ default: m.AppLayout })));
const SettingsPage = lazy(() =>
  import('../settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
);
// the first render draws the page's loading status; the slot (its error boundary, Retry) loads after it
const RemoteSlot = lazyAfterFirstCommit(() =>
  import('../../remotes/remote-slot.tsx').then((m) => ({ default: m.RemoteSlot })),
);

function pageOf(route: RouteEntry) {
  return route.page === 'shell/settings' ? (
    <Suspense fallback={<RemoteLoading variant="page" />}>
      <SettingsPage />
    </Suspense>
  ) : (
    <Suspense fallback={<RemoteLoading variant="page" />}>
      <RemoteSlot key={route.page} id={route.page} />
    </Suspense>
  );
}

/** A public page: the layout around it is drawn by the first render, the page inside a data boundary. */
function PublicPage({ children }: { children: ReactNode }) {
  return <DataBoundary fallback={<RemoteLoading variant="page" />}>{children}</DataBoundary>;
}

const authRoutes = ROUTES.filter((r) => r.access === 'auth');
const publicRoutes = ROUTES.filter((r) => r.access !== 'auth' && r.path !== '/');

/** The route table behind the guards of `decideRoute`; layouts stay mounted across their routes. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const authenticated = useIsAuthenticated();
  const exit = useSyncExternalStore(sessionExit.subscribe, sessionExit.get, sessionExit.get);
  useEffect(() => {
    if (exit.logoutTo && pathname === exit.logoutTo) sessionExit.update({ logoutTo: null });
  }, [exit.logoutTo, pathname]);
  // a session that just expired keeps its page until the 401 handler redirects (2.5 s)
  // read on every render: the guard re-renders on auth-change, after mf-auth has set the flag
  const fromRegistration = sessionStore.get('fromRegistration') === true;
  const decision = decideRoute(pathname, authenticated || exit.expiring, { fromRegistration });
  if (decision.kind === 'redirect') {
    const to = !authenticated && exit.logoutTo && decision.to === '/login' ? exit.logoutTo : decision.to;
    return <Navigate to={to} replace />;
  }
  return (
    <Routes>
      <Route
        path="/"
        element={
          <PublicLayout header={false}>
            <PublicPage>
              <RemoteSlot id="auth/LandingPage" />
            </PublicPage>
          </PublicLayout>
        }
      />
      <Route
        element={
          <PublicLayout header>
            <Outlet />
          </PublicLayout>
        }
      >
        {publicRoutes.map((r) => (
          <Route key={r.path} path={r.path} element={<PublicPage>{pageOf(r)}</PublicPage>} />
        ))}
      </Route>
      <Route
        element={
          <Suspense fallback={<RemoteLoading variant="page" />}>
            <AppLayout>
              <Outlet />
            </AppLayout>
          </Suspense>
        }
      >
        {authRoutes.map((r) => (
          <Route key={r.path} path={r.path} element={pageOf(r)} />
        ))}
      </Route>
    </Routes>
  );
}
