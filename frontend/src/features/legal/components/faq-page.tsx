import { SiteLink as Link } from '@/components/site-link';
import { FAQ_LEAD, FAQ_TITLE, faqEntries, faqStructuredData } from '@domain/faq.js';
import { PublicPage } from '@/components/public-layout';
import { COMPANY } from '@/lib/company';
import { usePublicPageMeta } from '@/lib/page-meta';
import '../legal.css';

const ENTRIES = faqEntries(COMPANY);
// JSON inside <script>: '<' escaped so no answer can close the tag.
const STRUCTURED_DATA = JSON.stringify(faqStructuredData(ENTRIES)).replace(/</g, '\\u003c');

/**
 * /duvidas: 'Dúvidas frequentes' (domain/faq.ts), prerendered like the legal pages, with its FAQPage structured data
 * built from the same entries the page shows.
 */
export function FaqPage() {
  usePublicPageMeta('/duvidas');
  return (
    <PublicPage>
      <article className="legal" aria-labelledby="faq-title">
        <header className="legal__header">
          <h1 id="faq-title" className="public-page__title">
            {FAQ_TITLE}
          </h1>
          <p className="public-page__lead">{FAQ_LEAD}</p>
        </header>
        <div className="legal__layout">
          <nav className="legal-toc card" aria-labelledby="faq-sumario">
            <h2 id="faq-sumario" className="legal-toc__title">
              Perguntas
            </h2>
            <ol className="legal-toc__list">
              {ENTRIES.map((entry) => (
                <li key={entry.id}>
                  <a className="legal-toc__link" href={`#${entry.id}`}>
                    {entry.question}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="legal__body">
            {ENTRIES.map((entry) => (
              <section key={entry.id} id={entry.id} className="legal-section" aria-labelledby={`${entry.id}-pergunta`}>
                <h2 id={`${entry.id}-pergunta`} className="legal-section__title">
                  {entry.question}
                </h2>
                {entry.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </section>
            ))}
            <p className="legal__back">
              Ainda com dúvida? Leia os <Link to="/termos">Termos de Uso</Link> ou{' '}
              <Link to="/consultar">consulte o seu processo</Link>. <a href="#faq-sumario">Voltar às perguntas</a>
            </p>
          </div>
        </div>
      </article>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: STRUCTURED_DATA }} />
    </PublicPage>
  );
}
