import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { usePageTitle } from '@/lib/page-title';

/** A screen's title (also the document title) and subtitle, as the spec names them. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  usePageTitle(title);
  return (
    <Flex direction="column" gap="xxs">
      {/* Smaller on phones: some titles carry a protocol number (the payment's). */}
      <Heading level={1} fontSize={{ base: 'xl', medium: 'xxl' }} style={{ overflowWrap: 'break-word' }}>
        {title}
      </Heading>
      {subtitle ? <Text color="font.secondary">{subtitle}</Text> : null}
    </Flex>
  );
}
