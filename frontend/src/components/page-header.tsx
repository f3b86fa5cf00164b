import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { usePageTitle } from '@/lib/page-title';

/** A screen's title (also the document title) and subtitle, as the spec names them. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  usePageTitle(title);
  return (
    <Flex direction="column" gap="xxs">
      <Heading level={1} fontSize="xxl">
        {title}
      </Heading>
      {subtitle ? <Text color="font.secondary">{subtitle}</Text> : null}
    </Flex>
  );
}
