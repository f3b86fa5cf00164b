import { createBrowserRouter, Navigate } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { PlaceholderPage } from '@/components/placeholder-page';
import { PublicLayout, PublicPage } from '@/components/public-layout';
import { AuthPage } from '@/features/auth/components/auth-page';
import { MagicLinkPage } from '@/features/auth/components/magic-link-page';
import { ContractPage } from '@/features/contract/components/contract-page';
import { ContractPrintPage } from '@/features/contract/components/contract-print-page';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { HistoryPage } from '@/features/history/components/history-page';
import { LandingPage } from '@/features/landing/components/landing-page';
import { PaymentPage } from '@/features/payment/components/payment-page';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { AppLayout } from '@/features/shell/components/app-layout';
import { RequireAdmin } from '@/features/shell/components/require-admin';
import { RequireAuth } from '@/features/shell/components/require-auth';
import { RootLayout, RouteErrorScreen } from './root-layout';

/** Page titles from spec 02 §2 for screens that later changes build. */
const placeholder = (title: string) => <PlaceholderPage title={title} />;

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'consultar', element: <PublicPage>{placeholder('Consultar Processo')}</PublicPage> },
          { path: 'termos', element: <PublicPage>{placeholder('Termos de Uso')}</PublicPage> },
          { path: 'privacidade', element: <PublicPage>{placeholder('Política de Privacidade')}</PublicPage> },
        ],
      },
      { path: 'auth', element: <AuthPage /> },
      { path: 'auth/link-magico', element: <MagicLinkPage /> },
      {
        element: <RequireAuth />,
        children: [
          // Outside the shell: a page made for the printer.
          { path: 'app/contrato/imprimir/:contractId', element: <ContractPrintPage /> },
          {
            element: <AppLayout />,
            children: [
              {
                path: 'app',
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: 'dashboard', element: <DashboardPage /> },
                  { path: 'perfil', element: <ProfilePage /> },
                  { path: 'contrato', element: <ContractPage /> },
                  { path: 'pagamento', element: <PaymentPage /> },
                  { path: 'renovacao', element: placeholder('Renovação') },
                  { path: 'indique', element: placeholder('Indique e Ganhe') },
                  { path: 'historico', element: <HistoryPage /> },
                ],
              },
              {
                path: 'admin',
                element: <RequireAdmin />,
                children: [
                  { index: true, element: <Navigate to="clientes" replace /> },
                  { path: 'clientes', element: placeholder('Clientes') },
                  { path: 'clientes/:id', element: placeholder('Detalhes do Cliente') },
                  { path: 'processos', element: placeholder('Processos') },
                  { path: 'financeiro', element: placeholder('Financeiro') },
                  { path: 'indicacoes', element: placeholder('Indicações') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
