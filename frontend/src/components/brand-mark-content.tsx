import { BRAND_NAME } from '@/lib/brand';

export const BRAND_MARK_LABEL = `${BRAND_NAME} — página inicial`;

export function BrandMarkContent({ inverted }: { inverted: boolean }) {
  return (
    <>
      <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={inverted ? '#ffffff' : '#0b2545'} />
        <path
          d="M18 33l9 9 19-20"
          fill="none"
          stroke="#3fb37f"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand-mark__name">{BRAND_NAME}</span>
    </>
  );
}

export const brandMarkClassName = (inverted: boolean) => (inverted ? 'brand-mark brand-mark--inverted' : 'brand-mark');
