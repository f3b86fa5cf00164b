import { PROCESSING_LABEL } from '../content';
import { Icon } from './icon';
import { StartLink } from './start-link';

export function UrgencySection() {
  return (
    <section className="landing-section landing-section--compact" aria-labelledby="urgencia-title">
      <div className="page-container">
        <div className="urgency">
          <span className="urgency__icon">
            <Icon name="clock" size={32} />
          </span>
          <div className="urgency__copy">
            <h2 id="urgencia-title" className="urgency__title">
              Cada dia com o nome negativado tem um custo
            </h2>
            <p>
              É mais um crédito negado, mais juros e mais uma oportunidade perdida. Quanto antes você se cadastrar,
              antes o seu pedido é protocolado: o processamento leva até {PROCESSING_LABEL} depois do pagamento e da
              aprovação dos seus documentos.
            </p>
          </div>
          <StartLink className="btn btn--primary btn--large urgency__action">Quero começar hoje</StartLink>
        </div>
      </div>
    </section>
  );
}
