import { PublicPage } from '@/components/public-layout';
import { usePublicPageMeta } from '@/lib/page-meta';

/** Placeholder until the Privacy Policy text lands (issue 9, item 2). */
export function PrivacyPage() {
  usePublicPageMeta('/privacidade');
  return (
    <PublicPage>
      <h1 className="public-page__title">Política de Privacidade</h1>
    </PublicPage>
  );
}
