import { currentContract } from './current-contract.js';
import { CONTRACT_PRICE } from './pricing.js';
import type { Dashboard } from './schemas/dashboard.js';

export type NextStep = { title: string; description: string; to: string; value?: number };

/**
 * Dashboard next-step rule (spec 01 §2), first match wins. The first save creates the contract with the profile,
 * so "no contract" reads "no signed contract behind the followed process" (docs/decisions.md).
 */
export function nextStep(dashboard: Dashboard): NextStep | null {
  if (!dashboard.profile) {
    return {
      title: 'Complete seu Perfil',
      description: 'Preencha seus dados pessoais para continuar.',
      to: '/app/perfil',
    };
  }
  const current = currentProcess(dashboard);
  const contract = currentContract(dashboard, current);
  if (!contract || contract.assinado_em === null) {
    return {
      title: 'Assine o Contrato',
      description: 'Formalize sua solicitação por assinatura digital.',
      to: '/app/contrato',
    };
  }
  if (current?.status === 'pagamento_pendente') {
    return {
      title: 'Realize o Pagamento',
      description: 'Pagamento único via PIX.',
      to: '/app/pagamento',
      value: CONTRACT_PRICE,
    };
  }
  return null;
}

/** The newest process, which is the one the dashboard follows. */
export function currentProcess(dashboard: Dashboard): Dashboard['processes'][number] | null {
  return [...dashboard.processes].sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
}
