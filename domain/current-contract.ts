import type { Dashboard } from './schemas/dashboard.js';

type Contract = Dashboard['contracts'][number];
type Process = Dashboard['processes'][number];

/**
 * The contract the dashboard talks about: the one behind the followed process, else spec 02's
 * "first unsigned one, otherwise the latest" (newest first).
 */
export function currentContract(dashboard: Dashboard, process: Process | null): Contract | null {
  if (process) {
    const ofProcess = dashboard.contracts.find((contract) => contract.id === process.contrato_id);
    if (ofProcess) return ofProcess;
  }
  const newestFirst = [...dashboard.contracts].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return newestFirst.find((contract) => contract.assinado_em === null) ?? newestFirst[0] ?? null;
}
