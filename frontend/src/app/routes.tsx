import { Navigate, Outlet, type RouteObject } from 'react-router';
import { AppLoading } from '@/components/app-loading';
import { NotFoundPage } from '@/components/not-found-page';
import { PublicLayout } from '@/components/public-layout';
import { SECOND_FACTOR_SETUP_PATH } from '@/lib/auth-claims';
import { LandingPage } from '@/features/landing/components/landing-page';
import type * as AdminScreens from './admin-screens';
import type * as PrivateScreens from './private-screens';
import { PUBLIC_PAGE_LOADERS } from './public-pages';
import { RootLayout, RouteErrorScreen } from './root-layout';

/**
 * The app's route tree (app.html). Every page is a lazy route; everything signed-in hangs under the private root, which
 * brings Amplify, Amplify UI and React Query, so /verificar and the 404 page never download them. The prerendered
 * public pages have their own entry (public-main.tsx) and appear here for in-app navigation only.
 */
const screen = (name: keyof typeof PrivateScreens) => async () => {
  const screens = await import('./private-screens');
  return { Component: screens[name] as React.ComponentType };
};
const adminScreen = (name: keyof typeof AdminScreens) => async () => {
  const screens = await import('./admin-screens');
  return { Component: screens[name] as React.ComponentType };
};

/** The public layout as a route: the app entry renders public pages too, e.g. after the brand mark is clicked. */
function PublicLayoutRoute() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

const publicPage = (path: keyof typeof PUBLIC_PAGE_LOADERS) => async () => ({
  Component: await PUBLIC_PAGE_LOADERS[path](),
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    // While the first lazy screen (and, for /auth, /app and /admin, Amplify) loads: a loader, not a blank page.
    hydrateFallbackElement: <AppLoading />,
    children: [
      {
        element: <PublicLayoutRoute />,
        children: [
          // Not lazy: signing out navigates here synchronously, before the guard can send the empty session to /auth.
          { index: true, Component: LandingPage },
          { path: 'consultar', lazy: publicPage('/consultar') },
          { path: 'duvidas', lazy: publicPage('/duvidas') },
          { path: 'termos', lazy: publicPage('/termos') },
          { path: 'privacidade', lazy: publicPage('/privacidade') },
          {
            path: 'verificar/:code',
            lazy: async () => ({
              Component: (await import('@/features/lookup/components/verification-page')).VerificationPage,
            }),
          },
          {
            path: 'contrato/:token',
            lazy: async () => ({
              Component: (await import('@/features/contract/components/contract-link-page')).ContractLinkPage,
            }),
          },
        ],
      },
      {
        lazy: async () => (await import('./private-root')).loadPrivateRoot(),
        children: [
          { path: 'auth', lazy: screen('AuthPage') },
          { path: 'auth/link-magico', lazy: screen('MagicLinkPage') },
          {
            lazy: screen('RequireAuth'),
            children: [
              // Outside the shell: a page made for the printer.
              { path: 'app/contrato/imprimir/:contractId', lazy: screen('ContractPrintPage') },
              // Outside the shell and the admin guard, which sends an admin without an authenticator app here.
              { path: SECOND_FACTOR_SETUP_PATH.slice(1), lazy: screen('SecondFactorSetupPage') },
              {
                lazy: screen('AppLayout'),
                children: [
                  {
                    path: 'app',
                    children: [
                      { index: true, element: <Navigate to="dashboard" replace /> },
                      { path: 'dashboard', lazy: screen('DashboardPage') },
                      { path: 'perfil', lazy: screen('ProfilePage') },
                      { path: 'contrato', lazy: screen('ContractPage') },
                      { path: 'pagamento', lazy: screen('PaymentPage') },
                      { path: 'documentos', lazy: screen('DocumentsPage') },
                      { path: 'renovacao', lazy: screen('RenewalPage') },
                      { path: 'indique', lazy: screen('ReferralPage') },
                      { path: 'historico', lazy: screen('HistoryPage') },
                    ],
                  },
                  {
                    path: 'admin',
                    lazy: screen('RequireAdmin'),
                    children: [
                      {
                        // The header's one search above every admin screen.
                        lazy: adminScreen('AdminArea'),
                        children: [
                          { index: true, lazy: adminScreen('AdminTodayPage') },
                          { path: 'clientes', lazy: adminScreen('AdminClientsPage') },
                          { path: 'clientes/:id', lazy: adminScreen('AdminClientDetailPage') },
                          { path: 'processos', lazy: adminScreen('AdminProcessesPage') },
                          { path: 'financeiro', lazy: adminScreen('AdminFinancePage') },
                          { path: 'indicacoes', lazy: adminScreen('AdminReferralsPage') },
                          { path: 'busca', lazy: adminScreen('AdminSearchPage') },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
