import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { verifyNadaConstaRoute } from '@domain/api/nada-consta.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import { LOOKUP_MESSAGES, NADA_CONSTA_MESSAGES } from '@domain/messages.js';
import { nadaConstaValidityLabel, type NadaConstaVerification } from '@domain/nada-consta.js';
import { PublicPage } from '@/components/public-layout';
import { SiteLink } from '@/components/site-link';
import { apiCall } from '@/lib/api-client';
import { BRAND_NAME } from '@/lib/brand';
import { usePageMeta } from '@/lib/page-meta';
import { documentTitle } from '@domain/public-pages.js';
import '../lookup.css';
import '../verification.css';

type Settled =
  { kind: 'found'; certificate: NadaConstaVerification } | { kind: 'failed'; title: string; message: string };
type State = { kind: 'loading' } | Settled;

/**
 * /verificar/<code>, where the certificate's QR code points: the same masked data as the PDF and whether the removal
 * still stands ('Vigente' / 'Não vigente'), straight from the server, so a forged or outdated paper is exposed.
 */
export function VerificationPage() {
  const { code = '' } = useParams();
  usePageMeta({ title: documentTitle(BRAND_NAME, 'Verificação de Nada Consta') });
  // The answer remembers its code, so another code reads as loading until its own answer arrives.
  const [answer, setAnswer] = useState<{ code: string; state: Settled } | null>(null);
  const state: State = answer?.code === code ? answer.state : { kind: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    const settle = (settled: Settled) => setAnswer({ code, state: settled });
    apiCall(verifyNadaConstaRoute, { params: { code }, signal: controller.signal })
      .then((certificate) => settle({ kind: 'found', certificate }))
      .catch((error: { status?: number; message?: string; name?: string }) => {
        if (controller.signal.aborted) return;
        if (error.status === 404)
          settle({ kind: 'failed', title: NADA_CONSTA_MESSAGES.certificateNotFound, message: NOT_FOUND_HINT });
        else if (error.status === 429 && error.message)
          settle({ kind: 'failed', title: LOOKUP_MESSAGES.failureTitle, message: error.message });
        else
          settle({
            kind: 'failed',
            title: LOOKUP_MESSAGES.failureTitle,
            message: LOOKUP_MESSAGES.failureDescription,
          });
      });
    return () => controller.abort();
  }, [code]);

  return (
    <PublicPage>
      <div className="verification">
        <h1 className="public-page__title">Verificação de Nada Consta</h1>
        <p className="public-page__lead">
          Confira se um comprovante de Nada Consta foi emitido por nós e se a baixa temporária continua vigente.
        </p>
        <div aria-live="polite" aria-busy={state.kind === 'loading'}>
          {state.kind === 'loading' && <p className="lookup__loading">Verificando…</p>}
          {state.kind === 'failed' && (
            <div className="card lookup__message lookup__message--error" role="alert">
              <h2 className="lookup__message-title">{state.title}</h2>
              <p>{state.message}</p>
            </div>
          )}
          {state.kind === 'found' && <CertificateCard certificate={state.certificate} />}
        </div>
        <p>
          <SiteLink to="/consultar">Consultar um processo</SiteLink>
        </p>
      </div>
    </PublicPage>
  );
}

const NOT_FOUND_HINT = 'Confira o código impresso no comprovante (formato XXXX-XXXX-XXXX).';

function CertificateCard({ certificate }: { certificate: NadaConstaVerification }) {
  const rows: [string, string][] = [
    ['Código de verificação', certificate.codigo],
    ['Titular', certificate.nome_cliente],
    ['CPF/CNPJ', certificate.cpf_cliente],
    ['Protocolo', certificate.protocolo_completo],
    ['Órgãos', certificate.orgaos.join(', ')],
    ['Baixa deferida em', formatDate(certificate.baixa_deferida_em)],
    ['Emitido em', formatDateTime(certificate.emitido_em)],
  ];
  return (
    <article className="card lookup-card" aria-label="Dados do comprovante">
      <header className="lookup-card__header">
        <div>
          <p className="lookup-card__eyebrow">Situação</p>
          <h2 className="lookup-card__protocol">Nada Consta</h2>
        </div>
        <span className={`status-badge status-badge--${certificate.vigente ? 'success' : 'danger'}`}>
          {nadaConstaValidityLabel(certificate.vigente)}
        </span>
      </header>
      {!certificate.vigente && (
        <p className="verification__warning">
          A baixa temporária registrada neste comprovante não está mais vigente. O documento não comprova a situação
          atual.
        </p>
      )}
      <dl className="lookup-card__data">
        {rows.map(([label, value]) => (
          <div key={label} className="lookup-card__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="verification__hash">
        <span>SHA-256 do PDF emitido:</span> <code>{certificate.sha256}</code>
      </p>
    </article>
  );
}
