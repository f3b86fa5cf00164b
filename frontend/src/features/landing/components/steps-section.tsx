import { STEPS } from '../content';

export function StepsSection() {
  return (
    <section className="landing-section landing-section--tinted" aria-labelledby="como-funciona-title">
      <div className="page-container">
        <header className="section-header">
          <p className="eyebrow">Como funciona</p>
          <h2 id="como-funciona-title" className="section-title">
            Do cadastro ao protocolo em 4 passos
          </h2>
          <p className="section-lead">Tudo pelo celular ou computador, sem papel e sem sair de casa.</p>
        </header>
        <ol className="steps">
          {STEPS.map(({ title, text }, index) => (
            <li key={title} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="step__title">{title}</h3>
              <p className="step__text">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
