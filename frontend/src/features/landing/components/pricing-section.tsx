import { DASHBOARD_MESSAGES } from '@domain/messages.js';
import { BONUSES, BONUS_LABEL, INCLUDED, OTHER_METHODS_LABEL, PRICE_LABEL } from '../content';
import { Icon } from './icon';
import { PaymentBadges } from './payment-badges';
import { StartLink } from './start-link';

export function PricingSection() {
  return (
    <section className="landing-section" aria-labelledby="preco-title">
      <div className="page-container">
        <header className="section-header">
          <p className="eyebrow">Investimento</p>
          <h2 id="preco-title" className="section-title">
            Um valor único, sem mensalidades
          </h2>
        </header>
        <div className="pricing">
          <div className="pricing__card card">
            <p className="pricing__label">Taxa única do serviço</p>
            <p className="pricing__price">{PRICE_LABEL}</p>
            <p className="pricing__method">pagamento à vista via PIX</p>
            <p className="pricing__method">{OTHER_METHODS_LABEL}</p>
            <ul className="check-list check-list--dark">
              {INCLUDED.map((item) => (
                <li key={item}>
                  <Icon name="check" size={20} className="check-list__icon" />
                  {item}
                </li>
              ))}
            </ul>
            <StartLink className="btn btn--primary btn--large btn--block" />
            <div className="pricing__payments">
              <p className="pricing__payments-text">
                <Icon name="shield" size={18} />
                Pagamentos processados com segurança por um provedor de pagamentos.
              </p>
              <PaymentBadges />
            </div>
          </div>
          <div className="pricing__side">
            <div className="bonus">
              <h3 className="bonus__title">
                Bônus inclusos <span className="bonus__value">no valor de {BONUS_LABEL}</span>
              </h3>
              <ul className="bonus__list">
                {BONUSES.map(({ icon, title, text }) => (
                  <li key={title} className="bonus__item">
                    <span className="bonus__icon">
                      <Icon name={icon} size={22} />
                    </span>
                    <span>
                      <strong>{title}</strong>
                      <span className="bonus__text">{text}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="notice" role="note" aria-labelledby="aviso-title">
              <Icon name="alert" className="notice__icon" />
              <div>
                <h3 id="aviso-title" className="notice__title">
                  Importante: a baixa é temporária
                </h3>
                <p>{DASHBOARD_MESSAGES.temporaryWarning}</p>
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
