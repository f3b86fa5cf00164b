import { BRAND_NAME } from '@/lib/brand';
import { SOLUTION_POINTS } from '../content';
import { FeatureList } from './feature-list';

export function SolutionSection() {
  return (
    <section className="landing-section landing-section--tinted" aria-labelledby="solucao-title">
      <div className="page-container">
        <header className="section-header">
          <p className="eyebrow">A solução</p>
          <h2 id="solucao-title" className="section-title">
            Um pedido judicial de baixa temporária, feito por advogado
          </h2>
          <p className="section-lead">
            O {BRAND_NAME} intermedia todo o caminho: prepara a petição com os seus dados, cuida do protocolo e mostra
            cada passo no seu painel.
          </p>
        </header>
        <FeatureList items={SOLUTION_POINTS} tone="solution" />
      </div>
    </section>
  );
}
