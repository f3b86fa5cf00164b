import { Link } from 'react-router';
import { BRAND_NAME } from '@/lib/brand';

/** Plain HTML (no Amplify UI): the public pages show it before any app code loads. */
export function BrandMark({ to = '/', inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <Link
      to={to}
      className={inverted ? 'brand-mark brand-mark--inverted' : 'brand-mark'}
      aria-label={`${BRAND_NAME} — página inicial`}
    >
      <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={inverted ? '#ffffff' : '#0b2545'} />
        <path d="M18 33l9 9 19-20" fill="none" stroke="#3fb37f" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="brand-mark__name">{BRAND_NAME}</span>
    </Link>
  );
}
