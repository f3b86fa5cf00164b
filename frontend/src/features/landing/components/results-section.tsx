import { PROCESSING_BUSINESS_DAYS } from '@domain/deadlines.js';
import { CLAIMS } from '../content';
import { Stars } from './icon';

export function ResultsSection() {
  return (
    <section className="landing-section results" aria-labelledby="resultados-title">
      <div className="page-container">
        <header className="section-header">
          <p className="eyebrow eyebrow--inverted">Resultados</p>
          <h2 id="resultados-title" className="section-title">
            Números de quem já confiou no nosso trabalho
          </h2>
        </header>
        <dl className="stats">
          <div className="stat">
            <dt className="stat__label">processos realizados</dt>
            <dd className="stat__value">+{CLAIMS.processes}</dd>
          </div>
          <div className="stat">
            <dt className="stat__label">taxa de sucesso</dt>
            <dd className="stat__value">{CLAIMS.successRate}</dd>
          </div>
          <div className="stat">
            <dt className="stat__label">avaliação média dos clientes</dt>
            <dd className="stat__value">
              {CLAIMS.averageRating}
              <span className="visually-hidden"> de 5 estrelas</span>
              <Stars className="stat__stars" />
            </dd>
          </div>
          <div className="stat">
            <dt className="stat__label">prazo máximo de processamento</dt>
            <dd className="stat__value">
              {PROCESSING_BUSINESS_DAYS} <span className="stat__unit">dias úteis</span>
            </dd>
          </div>
        </dl>
        <p className="results__note">
          Taxa de sucesso calculada sobre os pedidos já decididos. Resultados anteriores não garantem o resultado de um
          novo pedido: cada caso é decidido pela Justiça.
        </p>
      </div>
    </section>
  );
}
