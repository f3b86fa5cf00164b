import { BRAND_NAME } from '@/lib/brand';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { downloadContractByLinkRoute } from '@domain/api/contracts.js';
import { CONTRACT_LINK_MESSAGES } from '@domain/messages.js';
import { documentTitle } from '@domain/public-pages.js';
import { PublicPage } from '@/components/public-layout';
import { SiteLink } from '@/components/site-link';
import { apiCall } from '@/lib/api-client';
import { ApiRequestError } from '@/lib/api-error';
import { usePageMeta } from '@/lib/page-meta';
import '../contract-link.css';

type Settled = { kind: 'ready'; protocolo: string; pdfUrl: string } | { kind: 'invalid' } | { kind: 'failed' };
type State = { kind: 'loading' } | Settled;

/**
 * /contrato/<token>, where the 'Contrato assinado' e-mail's link opens, without signing in: the server checks the
 * token and answers a fresh link to the stored PDF, which the page follows at once (it downloads as an attachment, so
 * this page stays, with a button in case the browser held the download back).
 */
export function ContractLinkPage() {
  const { token = '' } = useParams();
  usePageMeta({ title: documentTitle(BRAND_NAME, CONTRACT_LINK_MESSAGES.title) });
  // Each try ('Tentar novamente') has its own answer; until it arrives the page reads as loading.
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ attempt: number; token: string; state: Settled } | null>(null);
  const state: State = answer?.attempt === attempt && answer.token === token ? answer.state : { kind: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    const settle = (settled: Settled) => setAnswer({ attempt, token, state: settled });
    apiCall(downloadContractByLinkRoute, { params: { token }, signal: controller.signal })
      .then(({ protocolo, pdf_url }) => {
        settle({ kind: 'ready', protocolo, pdfUrl: pdf_url });
        window.location.assign(pdf_url);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        settle({ kind: error instanceof ApiRequestError && error.status === 404 ? 'invalid' : 'failed' });
      });
    return () => controller.abort();
  }, [token, attempt]);

  return (
    <PublicPage>
      <div className="contract-link">
        <h1 className="public-page__title">{CONTRACT_LINK_MESSAGES.title}</h1>
        <div aria-live="polite" aria-busy={state.kind === 'loading'}>
          {state.kind === 'loading' && <p>{CONTRACT_LINK_MESSAGES.preparing}</p>}
          {state.kind === 'ready' && (
            <div className="card contract-link__message">
              <p>
                Protocolo <strong>{state.protocolo}</strong>. {CONTRACT_LINK_MESSAGES.ready}
              </p>
              <a className="btn btn--primary" href={state.pdfUrl}>
                {CONTRACT_LINK_MESSAGES.download}
              </a>
            </div>
          )}
          {state.kind === 'invalid' && (
            <div className="card contract-link__message contract-link__message--error" role="alert">
              <p>{CONTRACT_LINK_MESSAGES.invalid}</p>
              <SiteLink className="btn btn--primary" to="/app/contrato">
                {CONTRACT_LINK_MESSAGES.goToContract}
              </SiteLink>
            </div>
          )}
          {state.kind === 'failed' && (
            <div className="card contract-link__message contract-link__message--error" role="alert">
              <p>{CONTRACT_LINK_MESSAGES.failed}</p>
              <button type="button" className="btn btn--outline" onClick={() => setAttempt((n) => n + 1)}>
                {CONTRACT_LINK_MESSAGES.retry}
              </button>
            </div>
          )}
        </div>
      </div>
    </PublicPage>
  );
}
