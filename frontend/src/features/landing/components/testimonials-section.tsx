import { TESTIMONIALS } from '../content';
import { Stars } from './icon';

export function TestimonialsSection() {
  return (
    <section className="landing-section" aria-labelledby="depoimentos-title">
      <div className="page-container">
        <header className="section-header">
          <p className="eyebrow">Depoimentos</p>
          <h2 id="depoimentos-title" className="section-title">
            O que dizem nossos clientes
          </h2>
        </header>
        <ul className="testimonials">
          {TESTIMONIALS.map(({ quote, name, detail }) => (
            <li key={name} className="testimonial card">
              <figure className="testimonial__figure">
                <p className="testimonial__rating">
                  <Stars />
                  <span className="visually-hidden">Avaliação: 5 de 5 estrelas</span>
                </p>
                <blockquote className="testimonial__quote">
                  <p>“{quote}”</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <span className="testimonial__avatar" aria-hidden="true">
                    {name.charAt(0)}
                  </span>
                  <span>
                    <strong>{name}</strong>
                    <span className="testimonial__detail">{detail}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
