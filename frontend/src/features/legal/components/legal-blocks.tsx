import type { ReactNode } from 'react';
import { lawyersLine } from '@domain/company.js';
import { COMPANY } from '@/lib/company';
import { SUPPORT_CONTACT, whatsappLink } from '@/lib/contact';

/** A highlighted block for what a reader must not miss (the removal is temporary, the refund rule…). */
export function LegalNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="legal-notice">
      <p className="legal-notice__title">{title}</p>
      {children}
    </div>
  );
}

/** The service e-mail as a mailto link; `subject` pre-fills the message (e.g. a data-subject request). */
export function ServiceEmailLink({ subject }: { subject?: string }) {
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return <a href={`mailto:${COMPANY.supportEmail}${query}`}>{COMPANY.supportEmail}</a>;
}

export function WhatsappLink() {
  return <a href={whatsappLink()}>{COMPANY.whatsappDisplay}</a>;
}

/** Who the provider (and controller, in LGPD terms) is, from the stage's company identity (domain/company.ts). */
export function ProviderIdentity({ withWhatsapp = false }: { withWhatsapp?: boolean }) {
  return (
    <dl className="legal-facts">
      <div>
        <dt>Razão social</dt>
        <dd>{COMPANY.legalName}</dd>
      </div>
      <div>
        <dt>CNPJ</dt>
        <dd>{COMPANY.cnpj}</dd>
      </div>
      <div>
        <dt>Endereço</dt>
        <dd>{COMPANY.address}</dd>
      </div>
      <div>
        <dt>{COMPANY.lawyers.length > 1 ? 'Advogados responsáveis' : 'Advogado(a) responsável'}</dt>
        <dd>{lawyersLine(COMPANY)}</dd>
      </div>
      <div>
        <dt>E-mail</dt>
        <dd>
          <ServiceEmailLink />
        </dd>
      </div>
      {withWhatsapp && (
        <>
          <div>
            <dt>WhatsApp</dt>
            <dd>
              <WhatsappLink />
            </dd>
          </div>
          <div>
            <dt>Telefone</dt>
            <dd>
              <a href={SUPPORT_CONTACT.phoneHref}>{SUPPORT_CONTACT.phoneDisplay}</a>
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}

export type Purpose = { readonly title: string; readonly description: ReactNode; readonly basis: ReactNode };

/** Purposes of processing, each with its legal basis (LGPD art. 7), as a list that reads well on a phone. */
export function PurposeList({ purposes }: { purposes: readonly Purpose[] }) {
  return (
    <ul className="legal-purposes">
      {purposes.map((purpose) => (
        <li key={purpose.title} className="legal-purposes__item">
          <p className="legal-purposes__title">{purpose.title}</p>
          <p>{purpose.description}</p>
          <p className="legal-purposes__basis">
            <span className="legal-purposes__label">Base legal:</span> {purpose.basis}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Term → explanation pairs (data categories, retention periods, masked examples). */
export function FactList({ facts }: { facts: readonly { readonly term: ReactNode; readonly detail: ReactNode }[] }) {
  return (
    <dl className="legal-facts legal-facts--stacked">
      {facts.map((fact, index) => (
        <div key={index}>
          <dt>{fact.term}</dt>
          <dd>{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
