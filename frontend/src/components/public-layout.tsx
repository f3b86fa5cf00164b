import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { BRAND_NAME } from '@/lib/brand';
import { recordLead } from '@/lib/tracking';
import { BrandMark } from './brand-mark';

/**
 * Header and footer of the public pages (spec 01 §2 "Landing page"). Plain HTML and public.css only: these pages are
 * prerendered and must paint before any JavaScript runs.
 */
export function PublicLayout() {
  return (
    <div className="public-shell">
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="public-header">
        <div className="page-container public-header__bar">
          <BrandMark />
          <nav aria-label="Navegação principal" className="public-header__nav">
            <Link to="/consultar" className="public-header__link public-header__link--wide">
              Consultar Processo
            </Link>
            <Link to="/auth" className="public-header__link">
              Entrar
            </Link>
            <Link to="/auth?mode=register" className="btn btn--primary btn--small" onClick={recordLead}>
              Começar Agora
            </Link>
          </nav>
        </div>
      </header>
      <main id="conteudo" className="public-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="public-footer">
        <div className="page-container public-footer__inner">
          <p>
            © {new Date().getFullYear()} {BRAND_NAME}. Serviço de intermediação e consultoria.
          </p>
          <nav aria-label="Links institucionais" className="public-footer__nav">
            <Link to="/consultar">Consultar Processo</Link>
            <Link to="/termos">Termos de Uso</Link>
            <Link to="/privacidade">Política de Privacidade</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}

/** A padded column for the content pages (legal pages, lookup, verification). */
export function PublicPage({ children }: { children: ReactNode }) {
  return <div className="page-container public-page">{children}</div>;
}
