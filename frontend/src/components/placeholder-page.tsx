import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { usePageTitle } from '@/lib/page-title';

/** Stands in for screens that later changes build, so every route of the spec already resolves. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Flex direction="column" gap="medium">
      <Heading level={1} fontSize="xxl">
        {title}
      </Heading>
      <Card variation="outlined">
        <Text color="font.secondary">Esta área estará disponível em breve.</Text>
      </Card>
    </Flex>
  );
}
