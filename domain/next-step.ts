import { currentContract } from './current-contract.js';
import { CONTRACT_PRICE } from './pricing.js';
import type { Dashboard } from './schemas/dashboard.js';
import { kitProgress, type KitProgress } from './filing-kit.js';

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
  if (current?.status === 'pago') {
    const items = dashboard.kit?.filter((item) => item.contrato_id === current.contrato_id) ?? [];
    return kitNextStep(kitProgress(dashboard.profile.tipo_documento, items));
  }
  return null;
}

/**
 * After the payment, the filing kit: send the documents, fix a refused one, or wait for the lawyer's review.
 */
function kitNextStep(progress: KitProgress): NextStep {
  if (progress.items.some((item) => item.state === 'recusado')) {
    return {
      title: 'Corrija seus Documentos',
      description: 'Um documento foi recusado pelo advogado. Veja o motivo e envie de novo.',
      to: '/app/documentos',
    };
  }
  if (progress.sentCount === progress.requiredCount) {
    return {
      title: 'Documentos em Análise',
      description: 'O advogado está analisando os seus documentos. Avisamos você por e-mail quando terminar.',
      to: '/app/documentos',
    };
  }
  return {
    title: 'Envie seus Documentos',
    description: 'O advogado precisa dos seus documentos e da procuração assinada para protocolar o pedido.',
    to: '/app/documentos',
  };
}

/** The newest process, which is the one the dashboard follows. */
export function currentProcess(dashboard: Dashboard): Dashboard['processes'][number] | null {
  return [...dashboard.processes].sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
}
