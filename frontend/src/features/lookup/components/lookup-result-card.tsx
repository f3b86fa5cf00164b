import { useId } from 'react';
import { formatDate } from '@domain/dates.js';
import { whatsappLink } from '@/lib/contact';
import type { LookupEntry } from '@domain/lookup.js';
import { nadaConstaAvailability } from '@domain/nada-consta-availability.js';
import { formatBRL } from '@domain/pricing.js';
import { LOOKUP_STATUS_LABELS, statusLabel } from '@domain/process-status.js';
import { COURT_CASE_LABELS } from '@domain/court-movements.js';

/** Statuses whose badge reads as good news, bad news, or in progress. */
const TONE: Record<string, 'success' | 'danger' | 'info'> = {
  baixa_deferida: 'success',
  baixa_caiu: 'danger',
  indeferido: 'danger',
};

/** One process found by the lookup: the lookup entity's data (spec 01 §3), personal data masked by the server. */
export function LookupResultCard({ entry, onNadaConsta }: { entry: LookupEntry; onNadaConsta: () => void }) {
  const reasonId = useId();
  const availability = nadaConstaAvailability(entry.status);
  const rows: [string, string][] = [
    ['Cliente', entry.nome_cliente],
    ['E-mail', entry.email_cliente],
    ['CPF/CNPJ', entry.cpf_cliente],
    ['Valor', formatBRL(entry.valor)],
    ...(entry.numero_cnj ? ([[COURT_CASE_LABELS.number, entry.numero_cnj]] as [string, string][]) : []),
    ['Data do pedido', formatDate(entry.created_at)],
    ['Contrato assinado em', formatDate(entry.assinado_em)],
    ['Previsão', formatDate(entry.previsao)],
    ['Baixa deferida em', formatDate(entry.baixa_deferida_em)],
    ...(entry.baixa_caiu_em ? ([['Baixa caiu em', formatDate(entry.baixa_caiu_em)]] as [string, string][]) : []),
  ];
  return (
    <article className="card lookup-card" aria-label={`Processo ${entry.protocolo_completo}`}>
      <header className="lookup-card__header">
        <div>
          <p className="lookup-card__eyebrow">Protocolo</p>
          <h3 className="lookup-card__protocol">{entry.protocolo_completo}</h3>
        </div>
        <span className={`status-badge status-badge--${TONE[entry.status] ?? 'info'}`}>
          {statusLabel(entry.status, LOOKUP_STATUS_LABELS)}
        </span>
      </header>
      <dl className="lookup-card__data">
        {rows.map(([label, value]) => (
          <div key={label} className="lookup-card__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="lookup-card__actions">
        {availability.available ? (
          <button type="button" className="btn btn--accent" onClick={onNadaConsta}>
            Baixar Nada Consta
          </button>
        ) : (
          <>
            {/* aria-disabled, not disabled: the button stays focusable and reads its reason, which is on screen too. */}
            <button type="button" className="btn btn--outline" aria-disabled="true" aria-describedby={reasonId}>
              Baixar Nada Consta
            </button>
            <div id={reasonId} className="lookup-card__unavailable">
              <p>
                <strong>{availability.reason}.</strong> {availability.hint}
              </p>
              <p className="lookup-card__ways">
                {availability.actions.map((action) =>
                  action.kind === 'page' ? (
                    <a key={action.to} href={action.to}>
                      {action.label}
                    </a>
                  ) : (
                    <a key="support" href={whatsappLink()} target="_blank" rel="noreferrer">
                      {action.label} (WhatsApp)
                    </a>
                  ),
                )}
              </p>
            </div>
          </>
        )}
      </div>
    </article>
  );
}
