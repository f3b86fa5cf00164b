/** The screens under /auth, /app and /admin, in one chunk loaded after the private root (see router.tsx). */
export { PlaceholderPage } from '@/components/placeholder-page';
export { AuthPage } from '@/features/auth/components/auth-page';
export { MagicLinkPage } from '@/features/auth/components/magic-link-page';
export { ContractPage } from '@/features/contract/components/contract-page';
export { ContractPrintPage } from '@/features/contract/components/contract-print-page';
export { DashboardPage } from '@/features/dashboard/components/dashboard-page';
export { HistoryPage } from '@/features/history/components/history-page';
export { PaymentPage } from '@/features/payment/components/payment-page';
export { ProfilePage } from '@/features/profile/components/profile-page';
export { AppLayout } from '@/features/shell/components/app-layout';
export { RequireAdmin } from '@/features/shell/components/require-admin';
export { RequireAuth } from '@/features/shell/components/require-auth';
