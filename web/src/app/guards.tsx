import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../ui/Spinner';
import { MustChangePassword } from '../features/settings/MustChangePassword';
import { AccessDenied } from './AccessDenied';
import { useAuth } from './auth/AuthProvider';
import { canOpen, DEFAULT_DENIED_TEXT, navEntry, type NavPath, type PagePermission } from './navigation';

/**
 * Protected routes: a spinner while the user loads, /auth without one, and only the change-password
 * screen for a user signed in with a temporary password (the server refuses everything else, issue #25).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  if (!user) return <Navigate to="/auth" replace />;
  if (user.mustChangePassword) return <MustChangePassword />;
  return children;
}

/** /auth: a signed-in user has nothing to do here and goes to /. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  if (user) return <Navigate to="/" replace />;
  return children;
}

/** A page whose menu entry (from the navigation table) the user's role may not open. */
export function RoleGate({ entry, permission, children }: { entry: NavPath; permission?: PagePermission; children: ReactNode }) {
  const { user } = useAuth();
  // RequireAuth sits above every RoleGate, so a missing user only happens in isolation (tests).
  if (!user) return null;
  if (!canOpen(user, entry, permission)) return <AccessDenied text={navEntry(entry).deniedText ?? DEFAULT_DENIED_TEXT} />;
  return children;
}
