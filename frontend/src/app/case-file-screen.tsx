import { AdminClientDetailPage } from '@/features/admin-clients/components/admin-client-detail-page';
import { ProcessStatusControl } from '@/features/admin-processes/components/process-status-control';

/** The client's case file with the processes feature's status control in its slot: features meet here. */
export function CaseFileScreen() {
  return <AdminClientDetailPage statusControl={ProcessStatusControl} />;
}
