import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { PublicLayout } from '@/components/public-layout';
import { LandingPage } from '@/features/landing/components/landing-page';
import { RootLayout, RouteErrorScreen } from './root-layout';

/**
 * The route tree. The landing page, the public layout and the 404 page are in the entry chunk (they are what most
 * visitors see first); every other page is a lazy route. Everything signed-in hangs under the private root, which
 * brings Amplify, Amplify UI and React Query: public pages never download them (issue 9: speed).
 */
const screen = (name: keyof typeof import('./private-screens')) => async () => {
  const screens = await import('./private-screens');
  return { Component: screens[name] as React.ComponentType };
};

/** Page titles from spec 02 §2 for screens that later changes build. */
const placeholder = (title: string) => async () => {
  const { PlaceholderPage } = await import('./private-screens');
  return { element: <PlaceholderPage title={title} /> };
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          {
            path: 'consultar',
            lazy: async () => ({ Component: (await import('@/features/lookup/components/lookup-page')).LookupPage }),
          },
          {
            path: 'termos',
            lazy: async () => ({ Component: (await import('@/features/legal/components/terms-page')).TermsPage }),
          },
          {
            path: 'privacidade',
            lazy: async () => ({ Component: (await import('@/features/legal/components/privacy-page')).PrivacyPage }),
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
                      { path: 'renovacao', lazy: placeholder('Renovação') },
                      { path: 'indique', lazy: placeholder('Indique e Ganhe') },
                      { path: 'historico', lazy: screen('HistoryPage') },
                    ],
                  },
                  {
                    path: 'admin',
                    lazy: screen('RequireAdmin'),
                    children: [
                      { index: true, element: <Navigate to="clientes" replace /> },
                      { path: 'clientes', lazy: placeholder('Clientes') },
                      { path: 'clientes/:id', lazy: placeholder('Detalhes do Cliente') },
                      { path: 'processos', lazy: placeholder('Processos') },
                      { path: 'financeiro', lazy: placeholder('Financeiro') },
                      { path: 'indicacoes', lazy: placeholder('Indicações') },
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
