import { CONTRACT_PRICE } from './pricing.js';
import type { Dashboard } from './schemas/dashboard.js';

export type NextStep = { title: string; description: string; to: string; value?: number };

/** Dashboard next-step rule (spec 01 §2), first match wins. */
export function nextStep(dashboard: Dashboard): NextStep | null {
  if (!dashboard.profile) {
    return {
      title: 'Complete seu Perfil',
      description: 'Preencha seus dados pessoais para continuar.',
      to: '/app/perfil',
    };
  }
  if (dashboard.contracts.length === 0) {
    return {
      title: 'Assine o Contrato',
      description: 'Formalize sua solicitação por assinatura digital.',
      to: '/app/contrato',
    };
  }
  const current = currentProcess(dashboard);
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
