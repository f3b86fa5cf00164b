import { SiteLink } from '@/components/site-link';
import { BUREAUS, CLAIMS, PRICE_LABEL, PROCESSING_LABEL } from '../content';
import { Icon, Stars } from './icon';
import { StartLink } from './start-link';

const SUMMARY = [
  `Processamento em até ${PROCESSING_LABEL}`,
  `Taxa única de ${PRICE_LABEL} via PIX`,
  'Contrato digital, sem sair de casa',
  'Petição personalizada protocolada por advogado',
] as const;

export function HeroSection() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="page-container hero__grid">
        <div className="hero__copy">
          <p className="hero__eyebrow">
            <span className="visually-hidden">Órgãos de proteção ao crédito: </span>
            {BUREAUS.join(' • ')}
          </p>
          <h1 id="hero-title" className="hero__title">
            Baixa temporária dos apontamentos no seu <span className="hero__highlight">CPF ou CNPJ</span>
          </h1>
          <p className="hero__lead">
            Um advogado protocola na Justiça um pedido de liminar, com petição personalizada, para retirar
            temporariamente seus registros do SPC, SERASA, BOA VISTA e SCPC. Tudo online, com cada movimentação do
            processo no seu painel.
          </p>
          <div className="hero__actions">
            <StartLink className="btn btn--accent btn--large" />
            <SiteLink to="/consultar" className="btn btn--ghost-inverted btn--large">
              Consultar Processo
            </SiteLink>
          </div>
          <p className="hero__proof">
            <Stars />
            <span>
              <strong>{CLAIMS.averageRating}</strong> de 5 na avaliação média · mais de{' '}
              <strong>{CLAIMS.processes}</strong> processos
            </span>
          </p>
        </div>
        <div className="hero__card">
          <p className="hero__card-label">Pagamento único</p>
          <p className="hero__card-price">{PRICE_LABEL}</p>
          <p className="hero__card-note">via PIX · sem mensalidades</p>
          <ul className="check-list">
            {SUMMARY.map((item) => (
              <li key={item}>
                <Icon name="check" size={20} className="check-list__icon" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
