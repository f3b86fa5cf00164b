import { Flex, Text } from '@aws-amplify/ui-react';
import { Link as RouterLink } from 'react-router';
import { BRAND_NAME } from '@/lib/brand';

export function BrandMark({ to = '/', inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <RouterLink to={to} className="brand-mark" aria-label={`${BRAND_NAME} — página inicial`}>
      <Flex alignItems="center" gap="xs">
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
        <Text as="span" className="brand-mark__name" fontWeight="bold" color={inverted ? 'white' : 'brand.primary.90'}>
          {BRAND_NAME}
        </Text>
      </Flex>
    </RouterLink>
  );
}
