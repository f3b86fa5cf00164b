import { Link } from 'react-router';
import { BRAND_MARK_LABEL, BrandMarkContent, brandMarkClassName } from './brand-mark-content';

/** The brand inside the app (client-side navigation); the public pages use PublicBrandMark. */
export function BrandMark({ to = '/', inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <Link to={to} className={brandMarkClassName(inverted)} aria-label={BRAND_MARK_LABEL}>
      <BrandMarkContent inverted={inverted} />
    </Link>
  );
}
