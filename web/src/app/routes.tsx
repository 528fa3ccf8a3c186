import { Suspense, type ComponentType } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { createBrowserRouter, Outlet, useHref, useNavigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../ui/Spinner';
import { RedirectIfSignedIn, RequireAuth, RoleGate } from './guards';
import { lazyPage } from './lazyPage';
import type { NavPath, PagePermission } from './navigation';

const AuthPage = lazyPage(() => import('../features/auth/AuthPage'), 'AuthPage');
const NotFoundPage = lazyPage(() => import('./NotFoundPage'), 'NotFoundPage');
// Lazy too: a visitor on /auth never downloads the signed-in shell.
const AppShell = lazyPage(() => import('./shell/AppShell'), 'AppShell');

export type ProtectedRoute = {
  path: string;
  /** The navigation entry whose roles may open this route (sub-pages use their parent's). */
  entry: NavPath;
  /** A sub-page opened by its own permission instead of its parent's menu roles (see canOpen). */
  permission?: PagePermission;
  Page: ComponentType;
};

/** Spec part 1 §2: every authenticated route, each page loaded on demand. */
export const PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  { path: '/', entry: '/', Page: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage') },
  { path: '/members', entry: '/members', Page: lazyPage(() => import('../features/members/MembersPage'), 'MembersPage') },
  {
    path: '/members/:id',
    entry: '/members',
    permission: 'members:read',
    Page: lazyPage(() => import('../features/members/MemberPage'), 'MemberPage'),
  },
  {
    path: '/policy-types',
    entry: '/policy-types',
    Page: lazyPage(() => import('../features/policy-types/PolicyTypesPage'), 'PolicyTypesPage'),
  },
  { path: '/policies', entry: '/policies', Page: lazyPage(() => import('../features/policies/PoliciesPage'), 'PoliciesPage') },
  { path: '/claims', entry: '/claims', Page: lazyPage(() => import('../features/claims/ClaimsPage'), 'ClaimsPage') },
  { path: '/payments', entry: '/payments', Page: lazyPage(() => import('../features/payments/PaymentsPage'), 'PaymentsPage') },
  { path: '/arrears', entry: '/arrears', Page: lazyPage(() => import('../features/arrears/ArrearsPage'), 'ArrearsPage') },
  {
    path: '/collections',
    entry: '/collections',
    Page: lazyPage(() => import('../features/collections/CollectionsPage'), 'CollectionsPage'),
  },
  { path: '/agents', entry: '/agents', Page: lazyPage(() => import('../features/agents/AgentsPage'), 'AgentsPage') },
  {
    path: '/group-schemes',
    entry: '/group-schemes',
    Page: lazyPage(() => import('../features/group-schemes/GroupSchemesPage'), 'GroupSchemesPage'),
  },
  {
    path: '/group-schemes/:id',
    entry: '/group-schemes',
    Page: lazyPage(() => import('../features/group-schemes/GroupSchemeDetailsPage'), 'GroupSchemeDetailsPage'),
  },
  {
    path: '/notifications',
    entry: '/notifications',
    Page: lazyPage(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage'),
  },
  { path: '/reports', entry: '/reports', Page: lazyPage(() => import('../features/reports/ReportsPage'), 'ReportsPage') },
  { path: '/settings', entry: '/settings', Page: lazyPage(() => import('../features/settings/SettingsPage'), 'SettingsPage') },
  {
    path: '/subscription',
    entry: '/subscription',
    Page: lazyPage(() => import('../features/subscription/SubscriptionPage'), 'SubscriptionPage'),
  },
  {
    path: '/subscription/payment-success',
    entry: '/subscription',
    Page: lazyPage(() => import('../features/subscription/PaymentSuccessPage'), 'PaymentSuccessPage'),
  },
  {
    path: '/subscription/payment-cancel',
    entry: '/subscription',
    Page: lazyPage(() => import('../features/subscription/PaymentCancelPage'), 'PaymentCancelPage'),
  },
  {
    path: '/subscription/payment-failure',
    entry: '/subscription',
    Page: lazyPage(() => import('../features/subscription/PaymentFailurePage'), 'PaymentFailurePage'),
  },
  {
    path: '/role-management',
    entry: '/role-management',
    Page: lazyPage(() => import('../features/role-management/RoleManagementPage'), 'RoleManagementPage'),
  },
  { path: '/documents', entry: '/documents', Page: lazyPage(() => import('../features/documents/DocumentsPage'), 'DocumentsPage') },
  {
    path: '/onboarding',
    entry: '/onboarding',
    Page: lazyPage(() => import('../features/onboarding/OnboardingPage'), 'OnboardingPage'),
  },
  { path: '/new-sales', entry: '/new-sales', Page: lazyPage(() => import('../features/new-sales/NewSalesPage'), 'NewSalesPage') },
  {
    path: '/super-admin',
    entry: '/super-admin',
    Page: lazyPage(() => import('../features/super-admin/SuperAdminPage'), 'SuperAdminPage'),
  },
  { path: '/audit', entry: '/audit', Page: lazyPage(() => import('../features/audit/AuditPage'), 'AuditPage') },
];

/** Lets react-aria links and menu items navigate inside the SPA instead of reloading the page. */
function RouterRoot() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </AriaRouterProvider>
  );
}

export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RouterRoot />,
      children: [
        {
          path: '/auth',
          element: (
            <RedirectIfSignedIn>
              <AuthPage />
            </RedirectIfSignedIn>
          ),
        },
        {
          element: (
            <RequireAuth>
              <AppShell />
            </RequireAuth>
          ),
          children: PROTECTED_ROUTES.map(({ path, entry, permission, Page }) => ({
            path,
            element: (
              <RoleGate entry={entry} {...(permission ? { permission } : {})}>
                <Page />
              </RoleGate>
            ),
          })),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
