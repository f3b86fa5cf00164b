import { SUPPORT_CONTACT, whatsappLink } from '@/lib/contact';
import { PRICE_LABEL, PROCESSING_LABEL } from '../content';
import { StartLink } from './start-link';

export function FinalCtaSection() {
  return (
    <section className="final-cta" aria-labelledby="final-title">
      <div className="page-container final-cta__inner">
        <h2 id="final-title" className="final-cta__title">
          Dê hoje o primeiro passo para a baixa temporária dos apontamentos
        </h2>
        <p className="final-cta__lead">
          Cadastro em poucos minutos, contrato digital e taxa única de {PRICE_LABEL} via PIX. Seu pedido é protocolado
          em até {PROCESSING_LABEL} após o pagamento; a decisão é da Justiça.
        </p>
        <p className="final-cta__lead">
          Antes de decidir, leia as <a href="/duvidas">Dúvidas frequentes</a>: o que a baixa temporária é e o que ela
          não é.
        </p>
        <div className="final-cta__actions">
          <StartLink className="btn btn--accent btn--large" />
          <a className="btn btn--ghost-inverted btn--large" href={whatsappLink()} target="_blank" rel="noreferrer">
            Tirar dúvidas no WhatsApp
            <span className="visually-hidden"> (abre em nova aba, {SUPPORT_CONTACT.whatsappDisplay})</span>
          </a>
        </div>
      </div>
    </section>
  );
}
