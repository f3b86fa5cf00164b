import { Card, Flex, Text } from '@aws-amplify/ui-react';
import { PageHeader } from './page-header';

/** Stands in for screens that later changes build, so every route of the spec already resolves. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Flex direction="column" gap="medium">
      <PageHeader title={title} />
      <Card variation="outlined">
        <Text color="font.secondary">Esta área estará disponível em breve.</Text>
      </Card>
    </Flex>
  );
}
