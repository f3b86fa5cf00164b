import type { ReactNode } from 'react';
import { PublicPage } from '@/components/public-layout';
import '../legal.css';

/** One numbered section: `id` is its anchor (the table of contents links to `#id`), stable once published. */
export type LegalSection = { readonly id: string; readonly title: string; readonly content: ReactNode };

type LegalDocumentProps = {
  title: string;
  lead: ReactNode;
  /** A fixed date: the page is prerendered and hydrated, so nothing here may read the clock. */
  updatedAt: { iso: string; label: string };
  sections: readonly LegalSection[];
};

/**
 * The layout both legal pages share: title, date, a table of contents with in-page anchors and numbered sections.
 * Plain HTML and legal.css only (public pages paint from prerendered HTML).
 */
export function LegalDocument({ title, lead, updatedAt, sections }: LegalDocumentProps) {
  return (
    <PublicPage>
      <article className="legal" aria-labelledby="legal-title">
        <header className="legal__header">
          <h1 id="legal-title" className="public-page__title">
            {title}
          </h1>
          <p className="public-page__lead">{lead}</p>
          <p className="legal__updated">
            Última atualização: <time dateTime={updatedAt.iso}>{updatedAt.label}</time>
          </p>
        </header>
        <div className="legal__layout">
          <nav className="legal-toc card" aria-labelledby="sumario-titulo">
            <h2 id="sumario-titulo" className="legal-toc__title">
              Sumário
            </h2>
            <ol className="legal-toc__list">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a className="legal-toc__link" href={`#${section.id}`}>
                    <span className="legal-toc__number">{index + 1}.</span> {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="legal__body">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                className="legal-section"
                aria-labelledby={`${section.id}-titulo`}
              >
                <h2 id={`${section.id}-titulo`} className="legal-section__title">
                  {index + 1}. {section.title}
                </h2>
                {section.content}
              </section>
            ))}
            <p className="legal__back">
              <a href="#sumario-titulo">Voltar ao sumário</a>
            </p>
          </div>
        </div>
      </article>
    </PublicPage>
  );
}
