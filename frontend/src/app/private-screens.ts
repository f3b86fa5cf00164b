/**
 * The screens under /auth and /app (and the admin guard), in one chunk loaded after the private root (see routes.tsx).
 * The admin's screens are a chunk of their own (admin-screens.ts): a customer's first screen never downloads, parses
 * or runs them.
 */
export { AuthPage } from '@/features/auth/components/auth-page';
export { MagicLinkPage } from '@/features/auth/components/magic-link-page';
export { SecondFactorSetupPage } from '@/features/auth/components/second-factor-setup-page';
export { ContractPage } from '@/features/contract/components/contract-page';
export { ContractPrintPage } from '@/features/contract/components/contract-print-page';
export { DashboardPage } from '@/features/dashboard/components/dashboard-page';
export { HistoryPage } from '@/features/history/components/history-page';
export { DocumentsPage } from '@/features/documents/components/documents-page';
export { PaymentPage } from '@/features/payment/components/payment-page';
export { ProfilePage } from '@/features/profile/components/profile-page';
export { ReferralPage } from '@/features/referral/components/referral-page';
export { RenewalPage } from '@/features/renewal/components/renewal-page';
export { AppLayout } from '@/features/shell/components/app-layout';
export { RequireAdmin } from '@/features/shell/components/require-admin';
export { RequireAuth } from '@/features/shell/components/require-auth';
