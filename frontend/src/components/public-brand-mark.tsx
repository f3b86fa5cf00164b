import { BRAND_MARK_LABEL, BrandMarkContent, brandMarkClassName } from './brand-mark-content';

/** The brand on the public pages, which have no router (see SiteLink). */
export function PublicBrandMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <a href="/" className={brandMarkClassName(inverted)} aria-label={BRAND_MARK_LABEL}>
      <BrandMarkContent inverted={inverted} />
    </a>
  );
}
