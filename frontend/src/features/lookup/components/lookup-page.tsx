import { Island } from '@/components/island';
import { PublicPage } from '@/components/public-layout';
import { usePublicPageMeta } from '@/lib/page-meta';
import { LookupSearch } from './lookup-search';
import '../lookup.css';

/**
 * Spec 01 §2 "Public lookup": the page's text is static HTML; the search (form, results, Nada Consta) is its one island.
 */
export function LookupPage() {
  usePublicPageMeta('/consultar');
  return (
    <PublicPage>
      <div className="lookup">
        <header className="lookup__intro">
          <h1 className="public-page__title">Consultar Processo</h1>
          <p className="public-page__lead">
            Acompanhe o andamento do seu pedido de baixa temporária. Digite o CPF, o CNPJ ou o número do protocolo.
          </p>
        </header>
        <Island name="lookup" component={LookupSearch} />
      </div>
    </PublicPage>
  );
}
