/**
 * The screens under /admin, in a chunk of their own (see routes.tsx): React Router loads it beside the private screens'
 * chunk (the matched routes' lazy parts load together), so an admin waits for no extra round trip.
 */
export { CaseFileScreen as AdminClientDetailPage } from './case-file-screen';
export { AdminClientsPage } from '@/features/admin-clients/components/admin-clients-page';
export { AdminFinancePage } from '@/features/admin-finance/components/admin-finance-page';
export { AdminProcessesPage } from '@/features/admin-processes/components/admin-processes-page';
export { AdminReferralsPage } from '@/features/admin-referrals/components/admin-referrals-page';
export { AdminTodayPage } from '@/features/admin-today/components/admin-today-page';
export { AdminArea } from './admin-area';
export { AdminSearchPage } from '@/features/admin-search/components/admin-search-page';
