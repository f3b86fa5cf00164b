import { LOOKUP_MESSAGES } from './messages.js';
import type { JourneyAction } from './process-journey.js';

/*
 * Apart from lookup.ts, which the lookup's on-demand calls import: sharing it would fold the lookup page into a chunk
 * those calls import, and the prerender would lose the page's own entry (scripts/build-web.ts).
 */
/**
 * 'Baixar Nada Consta' is enabled only for a granted removal (spec 01 §2); otherwise the card says why on screen, not
 * only in a tooltip, and where to go from there.
 */
export type NadaConstaAvailability =
  { available: true } | { available: false; reason: string; hint: string; actions: JourneyAction[] };

const LOOKUP_SUPPORT: JourneyAction = { kind: 'support', label: 'Falar com o suporte' };

export function nadaConstaAvailability(status: string): NadaConstaAvailability {
  if (status === 'baixa_deferida') return { available: true };
  const reason = LOOKUP_MESSAGES.nadaConstaUnavailable;
  if (status === 'baixa_caiu') {
    return {
      available: false,
      reason,
      hint: 'A baixa deste processo caiu. O titular pode pedir uma nova baixa na área do cliente, em Renovação.',
      actions: [{ kind: 'page', to: '/auth', label: 'Entrar na área do cliente' }, LOOKUP_SUPPORT],
    };
  }
  if (status === 'encerrado') {
    return { available: false, reason, hint: 'Este processo foi encerrado.', actions: [LOOKUP_SUPPORT] };
  }
  return {
    available: false,
    reason,
    hint: 'Consulte novamente quando o status for Baixa Deferida.',
    actions: [LOOKUP_SUPPORT],
  };
}
