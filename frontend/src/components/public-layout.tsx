import type { ReactNode } from 'react';
import { lawyersLine } from '@domain/company.js';
import { BRAND_NAME } from '@/lib/brand';
import { COMPANY } from '@/lib/company';
import { SUPPORT_CONTACT, whatsappLink } from '@/lib/contact';
import { PublicBrandMark } from './public-brand-mark';
import { SiteLink as Link } from './site-link';

/**
 * Read once when the bundle loads, not during render: the prerendered HTML and the hydrating client may disagree only
 * across a new year's eve, and then the element below keeps the build's year instead of failing hydration.
 */
const COPYRIGHT_YEAR = new Date().getFullYear();

/**
 * Header and footer of the public pages (spec 01 §2 "Landing page"). Plain HTML and public.css only: these pages are
 * prerendered, paint before any JavaScript runs and are never hydrated (only their islands are, see island.tsx).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-shell">
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="public-header">
        <div className="page-container public-header__bar">
          <PublicBrandMark />
          <nav aria-label="Navegação principal" className="public-header__nav">
            {/* On phones two links fold into a popover: the browser opens and dismisses it, so it needs no script
                and works with JavaScript off. Elsewhere the popover is laid out inline and the button hidden. */}
            <button type="button" className="public-header__menu-button" popoverTarget={MENU_ID}>
              <MenuIcon />
              Menu
            </button>
            <div id={MENU_ID} className="public-header__menu" popover="auto">
              <Link to="/consultar" className="public-header__link public-header__link--wide">
                Consultar Processo
              </Link>
              <Link to="/auth" className="public-header__link">
                Entrar
              </Link>
            </div>
            <Link to="/auth?mode=register" className="btn btn--primary btn--small" data-lead>
              Começar Agora
            </Link>
          </nav>
        </div>
      </header>
      <main id="conteudo" className="public-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="public-footer">
        <div className="page-container public-footer__inner">
          <div className="public-footer__about">
            <PublicBrandMark inverted />
            <p>
              <span suppressHydrationWarning>© {COPYRIGHT_YEAR}</span> {BRAND_NAME}. Serviço de intermediação e
              consultoria.
            </p>
            <p>
              {COMPANY.legalName} · CNPJ {COMPANY.cnpj}
            </p>
            <p>{COMPANY.address}</p>
            <p>
              {COMPANY.lawyers.length > 1 ? 'Advogados responsáveis' : 'Advogado(a) responsável'}:{' '}
              {lawyersLine(COMPANY)}
            </p>
          </div>
          <address className="public-footer__contact">
            <p className="public-footer__heading">Atendimento</p>
            <ul>
              <li>
                <a href={whatsappLink()} target="_blank" rel="noreferrer">
                  WhatsApp: {SUPPORT_CONTACT.whatsappDisplay}
                  <span className="visually-hidden"> (abre em nova aba)</span>
                </a>
              </li>
              <li>
                <a href={`mailto:${SUPPORT_CONTACT.email}`}>E-mail: {SUPPORT_CONTACT.email}</a>
              </li>
              <li>
                <a href={SUPPORT_CONTACT.phoneHref}>Telefone: {SUPPORT_CONTACT.phoneDisplay}</a>
              </li>
            </ul>
          </address>
          <nav aria-label="Links institucionais" className="public-footer__nav">
            <Link to="/consultar">Consultar Processo</Link>
            <Link to="/duvidas">Dúvidas frequentes</Link>
            <Link to="/termos">Termos de Uso</Link>
            <Link to="/privacidade">Política de Privacidade</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}

const MENU_ID = 'menu-principal';

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A padded column for the content pages (legal pages, lookup, verification). */
export function PublicPage({ children }: { children: ReactNode }) {
  return <div className="page-container public-page">{children}</div>;
}
