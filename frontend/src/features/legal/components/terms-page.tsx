import { usePublicPageMeta } from '@/lib/page-meta';
import { TERMS_LEAD, TERMS_SECTIONS } from '../content/terms';
import { LEGAL_UPDATED_AT } from '../content/updated-at';
import { LegalDocument } from './legal-document';

/** /termos: the Terms of Use (text in content/terms.tsx; pending the lawyer's review, see content/updated-at.ts). */
export function TermsPage() {
  usePublicPageMeta('/termos');
  return (
    <LegalDocument title="Termos de Uso" lead={TERMS_LEAD} updatedAt={LEGAL_UPDATED_AT} sections={TERMS_SECTIONS} />
  );
}
