import { PAIN_POINTS } from '../content';
import { FeatureList } from './feature-list';

export function PainPointsSection() {
  return (
    <section className="landing-section" aria-labelledby="dores-title">
      <div className="page-container">
        <header className="section-header">
          <p className="eyebrow">Você se reconhece?</p>
          <h2 id="dores-title" className="section-title">
            Nome negativado fecha portas todos os dias
          </h2>
          <p className="section-lead">
            Um apontamento no SPC, SERASA, BOA VISTA ou SCPC pesa em cada consulta ao seu CPF ou CNPJ, mesmo quando a
            dívida é antiga ou está em discussão.
          </p>
        </header>
        <FeatureList items={PAIN_POINTS} tone="pain" />
      </div>
    </section>
  );
}
