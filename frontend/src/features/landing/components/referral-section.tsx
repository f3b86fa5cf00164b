import { formatBRL, REFERRAL_DISCOUNT_PER_FRIEND, REFERRALS_PER_FREE_RENEWAL } from '@domain/pricing.js';
import { REFERRAL_TIERS } from '../content';
import { Icon } from './icon';
import { StartLink } from './start-link';

export function ReferralSection() {
  return (
    <section className="landing-section landing-section--compact" aria-labelledby="indique-title">
      <div className="page-container">
        <div className="referral">
          <div className="referral__copy">
            <span className="referral__icon">
              <Icon name="gift" size={28} />
            </span>
            <p className="eyebrow">Indique e Ganhe</p>
            <h2 id="indique-title" className="section-title">
              Indique {REFERRALS_PER_FREE_RENEWAL} amigos e ganhe a sua próxima renovação
            </h2>
            <p className="referral__text">
              Cada amigo que se cadastra com o seu código e conclui o pagamento conta para a sua renovação. Com{' '}
              {REFERRALS_PER_FREE_RENEWAL} amigos, ela sai de graça.
            </p>
            <StartLink className="btn btn--primary">Quero indicar amigos</StartLink>
          </div>
          <ul className="referral__tiers">
            {REFERRAL_TIERS.map(({ friends, label, discount, free }) => (
              <li key={friends} className={free ? 'referral__tier referral__tier--free' : 'referral__tier'}>
                <span className="referral__friends">{label}</span>
                <span className="referral__discount">{discount}</span>
                <span className="referral__caption">{free ? 'renovação grátis' : 'de desconto'}</span>
              </li>
            ))}
          </ul>
          <p className="referral__note">
            Valores ilustrativos ({formatBRL(REFERRAL_DISCOUNT_PER_FRIEND)} por amigo): o prêmio é uma renovação grátis
            a cada {REFERRALS_PER_FREE_RENEWAL} indicações pagas.
          </p>
        </div>
      </div>
    </section>
  );
}
