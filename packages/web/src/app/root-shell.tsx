import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router';
import { hasToken, initialiseSessionOnce, sessionStore, setCurrentSection } from '../platform/auth-store';
import { useStore } from '../platform/create-store';
import { ErrorPage } from './error-page';
import { decideGuard, homePath, type RouteHandle, routeAccess } from './guard';

const isRouteHandle = (h: unknown): h is RouteHandle =>
  typeof h === 'object' && h !== null && 'access' in h && 'title' in h;

/** Shown while the first screen's code loads and while the session check runs. */
export function SessionCheckFallback() {
  return (
    <Center h="100vh" data-testid="session-check">
      <Loader />
    </Center>
  );
}

/** The root route: runs the session initialisation once, then applies the access guard. */
export function RootShell() {
  const matches = useMatches();
  const session = useStore(sessionStore);
  const token = hasToken();
  const handles = matches.map((m) => m.handle).filter(isRouteHandle);
  const access = routeAccess(handles);
  const waiting = token && !session.initialised && access !== 'public' && access !== 'any';

  useEffect(() => {
    if (token) void initialiseSessionOnce();
  }, [token]);

  const decision = waiting ? null : decideGuard({ handles, hasToken: token, permissionList: session.permissionList });
  const section = decision?.kind === 'allow' ? decision.section : null;
  useEffect(() => setCurrentSection(section), [section]);

  if (!decision) return <SessionCheckFallback />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'error') return <ErrorPage />;
  return <Outlet />;
}

/** Path / goes to Profile for customer users and to Account for the others. */
export function HomeRedirect() {
  const { customers } = useStore(sessionStore);
  return <Navigate to={homePath(customers)} replace />;
}
